/** The demo launcher's page and script (Italian, like the demo's other pages); the script is a file for the CSP. */
const styles = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f6;color:#1f2933}
header{background:#334e68;color:#fff;padding:12px 16px}h1{font-size:1.25rem;margin:0}header p{margin:4px 0 0;opacity:.9;font-size:.875rem}
main{max-width:560px;margin:0 auto;padding:16px 12px}section{background:#fff;border-radius:10px;box-shadow:0 1px 6px rgba(15,23,42,.08);padding:16px;margin:0 0 12px}
h2{font-size:1.0625rem;margin:0 0 4px}p{margin:0 0 12px}button{display:block;width:100%;min-height:48px;margin:8px 0 0;border:0;border-radius:8px;background:#0f766e;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#0f5f58;border:2px solid #0f766e}#status{min-height:1.5em;font-weight:600;color:#334e68}`;

export function LAUNCHER_PAGE(nonce: string): string {
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Applicazione ospedaliera (demo)</title>
<style nonce="${nonce}">${styles}</style>
<script src="/demo/launcher.js" defer></script>
</head>
<body>
<header><h1>Applicazione ospedaliera (demo)</h1><p>Sostituisce l’applicazione dell’ospedale che apre il portale nel contesto del paziente.</p></header>
<main>
<section>
<h2>Dott.ssa Anna Ferrari · Giulia Bianchi</h2>
<p>Il portale si apre in una nuova finestra, già autenticato, sul fascicolo della paziente.</p>
<button type="button" data-kind="token">Apri il fascicolo di Giulia</button>
<button type="button" class="secondary" data-kind="context">Apri con un identificativo di contesto</button>
</section>
<p id="status" role="status" aria-live="polite"></p>
</main>
</body>
</html>`;
}

export const LAUNCHER_SCRIPT = `(function () {
  var status = function (text) { document.getElementById('status').textContent = text; };
  document.addEventListener('click', function (event) {
    var button = event.target.closest('button[data-kind]');
    if (!button) return;
    // Opened now, in the click, so no pop-up blocker stops it; the address follows.
    var portal = window.open('about:blank', '_blank');
    if (!portal) { status('Finestra bloccata dal browser: consenti i pop-up.'); return; }
    status('');
    fetch('/demo/launcher/launch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: button.getAttribute('data-kind') })
    }).then(function (response) {
      // 403: the page's own session has expired (an hour) or is missing.
      if (response.status === 403) throw new Error('reload');
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (reply) {
      portal.location.href = reply.url;
    }).catch(function (error) {
      portal.close();
      status(error.message === 'reload' ? 'Sessione della pagina scaduta: ricarica la pagina.' : 'Apertura non riuscita.');
    });
  });
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || !event.data || event.data.code !== 'AUTOMATIC_LOGOUT') return;
    status('Il portale ha chiuso la sessione (AUTOMATIC_LOGOUT).');
  });
})();
`;
