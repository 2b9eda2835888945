import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { demoLauncherKey } from '../services/cdc/keys';
import { createContext, signLaunchToken } from '../services/cdc/launch';
import { demoLaunchRequest } from '../services/cdc/launcher-demo';
import { LAUNCHER_PAGE, LAUNCHER_SCRIPT } from './cdc-launcher-page';

/**
 * The demo's stand-in for the hospital application (demo mode only): a page that opens the portal in a
 * new window on Giulia Bianchi's dossier for dott.ferrari, with a launch token (`/cdc/discovery?token=`)
 * or a context session (`/mecdc?id=`), and shows the portal's AUTOMATIC_LOGOUT message when it comes.
 */
export const cdcLauncherRoutes = new Hono<AppEnv>()
  .get('/demo/launcher', (c) => {
    const nonce = randomBytes(16).toString('base64');
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
