import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { escapeHtml } from '../idp/html';
import { phoneOfUsername, recentSms } from '../services/sms/outbox';

/** The demo shows the SMS of the last hour: enough to finish any login, signature or PIN reset. */
export const DEV_SMS_WINDOW_MS = 60 * 60 * 1000;
const REFRESH_SECONDS = 5;

const styles = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f7f7;color:#1f2933}
header{background:#0f766e;color:#fff;padding:12px 16px}h1{font-size:1.25rem;margin:0}header p{margin:4px 0 0;opacity:.9;font-size:.875rem}
main{max-width:720px;margin:0 auto;padding:16px 12px}ol{list-style:none;margin:0;padding:0}
li{background:#fff;border-radius:10px;box-shadow:0 1px 6px rgba(15,23,42,.08);padding:12px 14px;margin:0 0 12px}
.meta{display:flex;flex-wrap:wrap;gap:4px 12px;color:#52606d;font-size:.875rem}.to{font-weight:600;color:#1f2933}
.body{margin:6px 0 0;font-size:1.0625rem;overflow-wrap:anywhere}.empty{color:#52606d}`;

/** Messages of the window; `?to=+39…` or `?username=mario.rossi` narrows them to one phone. */
async function messagesFor(c: Context<AppEnv>): Promise<Awaited<ReturnType<typeof recentSms>>> {
  const { db } = c.get('deps');
  let to = c.req.query('to');
  const username = c.req.query('username');
  if (username) {
    const phone = await phoneOfUsername(db, username);
    if (!phone) return [];
    to = phone;
  }
  return recentSms(db, { withinMs: DEV_SMS_WINDOW_MS, ...(to !== undefined ? { to } : {}) });
}

function time(date: Date): string {
  return date.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour12: false });
}

/** Mounted only in demo mode (`DEMO_MODE`, on by default; a production deployment turns it off). */
export const devSmsRoutes = new Hono<AppEnv>()
  .get('/dev/sms.json', async (c) => {
    const rows = await messagesFor(c);
    c.header('Cache-Control', 'no-store');
    return c.json({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.toPhone,
        body: row.body,
        purpose: row.purpose,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      })),
    });
  })
  .get('/dev/sms', async (c) => {
    const rows = await messagesFor(c);
    const nonce = randomBytes(16).toString('base64');
    const items = rows
      .map(
        (row) =>
          `<li><div class="meta"><span class="to">${escapeHtml(row.toPhone)}</span><span>${escapeHtml(time(row.createdAt))}</span><span>${escapeHtml(row.purpose)}</span></div><p class="body">${escapeHtml(row.body)}</p></li>`,
      )
      .join('');
    const list = rows.length > 0 ? `<ol>${items}</ol>` : '<p class="empty">Nessun SMS nell’ultima ora.</p>';
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    return c.html(`<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<title>SMS inviati (demo)</title>
<style nonce="${nonce}">${styles}</style>
</head>
<body>
<header><h1>SMS inviati · ambiente dimostrativo</h1><p>Messaggi dell’ultima ora, dal più recente; la pagina si aggiorna ogni ${REFRESH_SECONDS} secondi.</p></header>
<main>${list}</main>
</body>
</html>`);
  });
