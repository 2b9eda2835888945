import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { demoLauncherKey } from '../services/cdc/keys';
import { createContext, signLaunchToken } from '../services/cdc/launch';
import { demoLaunchRequest } from '../services/cdc/launcher-demo';
import {
  issueLauncherSession,
  LAUNCHER_SESSION_COOKIE,
  LAUNCHER_SESSION_LIFETIME_S,
  launcherSessionValid,
} from '../services/cdc/launcher-session';
import { LAUNCHER_PAGE, LAUNCHER_SCRIPT } from './cdc-launcher-page';

const LAUNCHER_PATH = '/demo/launcher';

/**
 * A launch hands out a physician's session: only the launcher page itself may ask, from the portal's own
 * origin (Origin and, where the browser sends it, Sec-Fetch-Site) and with the session the page was served with.
 */
async function fromLauncherPage(c: Context<AppEnv>): Promise<boolean> {
  const { db, config } = c.get('deps');
  const site = c.req.header('Sec-Fetch-Site');
  if (c.req.header('Origin') !== new URL(config.publicUrl).origin) return false;
  if (site !== undefined && site !== 'same-origin') return false;
  return launcherSessionValid(db, config.publicUrl, getCookie(c, LAUNCHER_SESSION_COOKIE));
}

/**
 * The demo's stand-in for the hospital application (demo mode only): a page that opens the portal in a
 * new window on Giulia Bianchi's dossier for dott.ferrari, with a launch token (`/cdc/discovery?token=`)
 * or a context session (`/mecdc?id=`), and shows the portal's AUTOMATIC_LOGOUT message when it comes.
 */
export const cdcLauncherRoutes = new Hono<AppEnv>()
  .get(LAUNCHER_PATH, async (c) => {
    const { db, config } = c.get('deps');
    const nonce = randomBytes(16).toString('base64');
    setCookie(c, LAUNCHER_SESSION_COOKIE, await issueLauncherSession(db, config.publicUrl), {
      path: LAUNCHER_PATH,
      httpOnly: true,
      sameSite: 'Strict',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: LAUNCHER_SESSION_LIFETIME_S,
    });
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    return c.html(LAUNCHER_PAGE(nonce));
  })
  .get('/demo/launcher.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(LAUNCHER_SCRIPT);
  })
  .post('/demo/launcher/launch', async (c) => {
    // JSON only: a form on another site cannot post it without a preflight this server never allows.
    if (!c.req.header('Content-Type')?.startsWith('application/json'))
      throw new HttpError(400, 'BAD_REQUEST');
    if (!(await fromLauncherPage(c))) throw new HttpError(403, 'ACCESS_DENIED');
    const { kind } = await c.req.json<{ kind?: unknown }>();
    const { db, config } = c.get('deps');
    const request = await demoLaunchRequest(db);
    if (!request) throw new HttpError(404, 'NOT_FOUND');
    c.header('Cache-Control', 'no-store');
    if (kind === 'context') {
      const id = await createContext(db, request);
      if (!id) throw new HttpError(404, 'NOT_FOUND');
      return c.json({ url: `/mecdc?id=${id}` });
    }
    const token = await signLaunchToken(await demoLauncherKey(db), config.publicUrl, request);
    return c.json({ url: `/cdc/discovery?token=${token}` });
  });
