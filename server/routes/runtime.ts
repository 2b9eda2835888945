import { Hono } from 'hono';
import type { RuntimeConfig } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { issuerOf } from '../config';

/** Health probes and the run-time configuration of the portal (outside `/api`, no token needed). */
export const runtimeRoutes = new Hono<AppEnv>()
  .get('/healthz', (c) => c.json({ status: 'ok' }))
  .get('/readyz', async (c) => {
    const { isDraining, ping } = c.get('deps');
    if (isDraining?.()) return c.json({ status: 'draining' }, 503);
    try {
      await ping?.();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'database unavailable' }, 503);
    }
  })
  .get('/config.json', (c) => {
    const { config } = c.get('deps');
    c.header('Cache-Control', 'no-cache');
    return c.json({
      applicationTitle: config.applicationTitle,
      apiBase: config.apiBase,
      oidc: {
        authority: issuerOf(config),
        clientId: config.oidcClientId,
        scope: 'openid profile email offline_access',
        dpop: config.dpop,
      },
      demoMode: config.demoMode,
    } satisfies RuntimeConfig);
  });
