import type { Locale } from './locale';
import type { Messages } from './messages';
import { messages } from './messages';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// One stylesheet for every IdP page, inlined under the response's CSP nonce (no extra request, no 'unsafe-inline').
const styles = `
:root{color-scheme:light;--primary:#0f766e;--primary-dark:#115e59;--text:#1f2933;--muted:#52606d;--danger:#b42318;
--bg:#f4f7f7;--card:#fff;--border:#d3dce0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font-size:16px;line-height:1.5;display:flex;flex-direction:column}
header{background:var(--primary);color:#fff;padding:0 16px;min-height:56px;display:flex;align-items:center;justify-content:space-between;gap:12px}
header .title{font-size:1.125rem;font-weight:600;margin:0}
main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:32px 16px}
.card{background:var(--card);width:100%;max-width:420px;border-radius:12px;box-shadow:0 2px 12px rgba(15,23,42,.08);padding:24px}
h1{font-size:1.5rem;margin:0 0 8px}
p{margin:0 0 16px}
.muted{color:var(--muted)}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=password]{width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;border:1px solid #6b7780;border-radius:8px;background:#fff}
input[aria-invalid=true]{border-color:var(--danger)}
button,.button{display:inline-flex;align-items:center;justify-content:center;width:100%;min-height:44px;margin-top:24px;padding:10px 16px;
border:0;border-radius:8px;background:var(--primary);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:var(--primary-dark)}
:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
header :focus-visible{outline-color:#fff}
.alert{margin:16px 0 0;padding:12px;border-radius:8px;background:#fef3f2;border:1px solid #fecdca;color:var(--danger);font-weight:600}
.lang{display:flex;gap:4px;margin:0;padding:0;list-style:none}
.lang a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 10px;color:#fff;border-radius:8px}
.lang a[aria-current=true]{font-weight:700;text-decoration:none;background:#134e4a;box-shadow:inset 0 -3px 0 #fff}
.demo{margin-top:24px;border-top:1px solid var(--border);padding-top:16px}
.demo h2{font-size:1.125rem;margin:0 0 4px}
.accounts{list-style:none;margin:12px 0 0;padding:0;font-size:.9375rem}
.accounts li{display:flex;flex-wrap:wrap;gap:2px 12px;justify-content:space-between;padding:8px 0;border-bottom:1px solid var(--border)}
.accounts code{font-weight:600;white-space:nowrap}
.accounts span{color:var(--muted)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9375rem;overflow-wrap:anywhere}
.check{display:flex;align-items:center;gap:10px;font-weight:400;margin:16px 0 0;min-height:44px}
.check input{width:22px;height:22px;margin:0;accent-color:var(--primary)}
.hint{font-size:.875rem;color:var(--muted);margin:6px 0 0}
.code{font-size:1.5rem;letter-spacing:.3em;text-align:center;font-variant-numeric:tabular-nums}
.notice{margin:16px 0 0;padding:12px;border-radius:8px;background:#ecfdf3;border:1px solid #abefc6;color:#05603a}
button.secondary{background:#fff;color:var(--primary);border:1px solid var(--primary);margin-top:12px}
button.secondary:hover{background:#f0fdfa}
button:disabled{opacity:.6;cursor:not-allowed}
.links{margin:20px 0 0;text-align:center;display:flex;flex-wrap:wrap;justify-content:center;gap:0 20px}
h2.label{font-size:1rem;margin:16px 0 6px}
.secret code{font-size:1.25rem;word-spacing:.5em;font-weight:600}
.qr{display:flex;justify-content:center;margin:8px 0 8px}
.qr svg{max-width:100%;height:auto;border:1px solid var(--border);border-radius:8px}
.or{display:flex;align-items:center;gap:12px;color:var(--muted);margin:20px 0 0;font-size:.875rem}
.or::before,.or::after{content:"";flex:1;border-top:1px solid var(--border)}
.passkey .hint{margin-top:8px}
.scopes{margin:0 0 16px;padding-left:22px}
.scopes li{margin:4px 0}
fieldset.patients{border:0;margin:16px 0 0;padding:0}
fieldset.patients legend{font-weight:600;padding:0;margin:0 0 4px}
.links a{display:inline-flex;align-items:center;min-height:44px;color:var(--primary);font-weight:600}
@media (max-width:420px){main{padding:16px 8px}.card{padding:16px}}
`;

export interface PageOptions {
  locale: Locale;
  nonce: string;
  title: string;
  appTitle: string;
  body: string;
  /** Language switch links; omitted on pages without a re-renderable URL. */
  languageLinks?: Record<Locale, string>;
  /** External scripts (same origin) loaded under the nonce. */
  scripts?: readonly string[];
}

function languageSwitch(current: Locale, links: Record<Locale, string>, text: Messages): string {
  const items = (Object.keys(links) as Locale[]).map((locale) => {
    const current_ = locale === current ? ' aria-current="true"' : '';
    const name = escapeHtml(messages[locale].languageName);
    return `<li><a href="${escapeHtml(links[locale])}" lang="${locale}" hreflang="${locale}"${current_}>${name}</a></li>`;
  });
  return `<nav aria-label="${escapeHtml(text.switchLanguage)}"><ul class="lang">${items.join('')}</ul></nav>`;
}

export function renderPage(opts: PageOptions): string {
  const text = messages[opts.locale];
  const nonce = escapeHtml(opts.nonce);
  const scripts = (opts.scripts ?? [])
    .map((src) => `<script nonce="${nonce}" src="${escapeHtml(src)}" defer></script>`)
    .join('');
  const switcher = opts.languageLinks ? languageSwitch(opts.locale, opts.languageLinks, text) : '';
  return `<!DOCTYPE html>
<html lang="${opts.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)} · ${escapeHtml(opts.appTitle)}</title>
<style nonce="${nonce}">${styles}</style>
${scripts}
</head>
<body>
<header><p class="title">${escapeHtml(opts.appTitle)}</p>${switcher}</header>
<main><div class="card">${opts.body}</div></main>
</body>
</html>`;
}

export interface DemoAccountRow {
  username: string;
  userType: string;
  displayName: string;
}

export interface LoginPageOptions {
  locale: Locale;
  action: string;
  username: string;
  error: string | null;
  demo: { password: string; totpSecret: string; accounts: readonly DemoAccountRow[] } | null;
  /** The forgotten-password flow of this interaction. */
  forgotPasswordHref: string;
  /** The portal's PIN reset page. */
  forgotPinHref: string;
  /** The portal's Help and FAQ pages (no login needed). */
  helpHref: string;
  faqHref: string;
  /** "Accedi con una passkey" (server/idp/passkey-page.ts). */
  passkey?: string;
}

export function loginBody(opts: LoginPageOptions): string {
  const text = messages[opts.locale];
  const described = opts.error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const alert = opts.error
    ? `<p id="login-error" class="alert" role="alert">${escapeHtml(opts.error)}</p>`
    : '';
  const demo = opts.demo ? demoSection(opts.demo, text) : '';
  return `<h1>${escapeHtml(text.signInTitle)}</h1>
<p class="muted">${escapeHtml(text.signInIntro)}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<input type="hidden" name="lang" value="${opts.locale}">
<label for="username">${escapeHtml(text.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(opts.username)}"${described}>
<label for="password">${escapeHtml(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
${alert}
<button type="submit">${escapeHtml(text.submit)}</button>
</form>
<p class="links"><a id="forgot-password" href="${escapeHtml(opts.forgotPasswordHref)}">${escapeHtml(text.forgotLink)}</a></p>
${opts.passkey ?? ''}<p class="links"><a href="${escapeHtml(opts.forgotPinHref)}">${escapeHtml(text.forgotPin)}</a><a href="${escapeHtml(opts.helpHref)}">${escapeHtml(text.help)}</a><a href="${escapeHtml(opts.faqHref)}">${escapeHtml(text.faq)}</a></p>${demo}`;
}

function demoSection(demo: NonNullable<LoginPageOptions['demo']>, text: Messages): string {
  const rows = demo.accounts
    .map(
      (account) =>
        `<li><code>${escapeHtml(account.username)}</code><span>${escapeHtml(text.roles[account.userType] ?? account.userType)} · ${escapeHtml(account.displayName)}</span></li>`,
    )
    .join('');
  return `<section class="demo" aria-labelledby="demo-title">
<h2 id="demo-title">${escapeHtml(text.demoTitle)}</h2>
<p class="muted">${escapeHtml(text.demoIntro)} ${escapeHtml(text.demoPassword)}: <code>${escapeHtml(demo.password)}</code></p>
<p class="muted">${escapeHtml(text.demoTotp)}: <code>${escapeHtml(demo.totpSecret)}</code></p>
<ul class="accounts" aria-label="${escapeHtml(text.demoTitle)}">${rows}</ul>
</section>`;
}

export function messageBody(title: string, text: string, link?: { href: string; label: string }): string {
  const action = link
    ? `<a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`
    : '';
  return `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${action}`;
}
