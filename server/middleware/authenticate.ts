import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env';

/**
 * Verifies the access token of every API call. The URL given to the verifier is the public one,
 * so a DPoP proof's `htu` matches also behind a reverse proxy. A path no area serves is not checked: it
 * answers 404 whoever asks (only middleware and the catch-all, registered for every method, match it).
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!matchedRoutes(c).some((route) => route.method !== 'ALL')) return next();
    const { config, verifyToken } = c.get('deps');
    // A plain object: building a Request per call copied every header and cost a slice of each request.
    const url = new URL(c.req.path, config.publicUrl).href;
    const principal = await verifyToken({ method: c.req.method, url, headers: c.req.raw.headers });
    c.set('principal', principal);
    c.set('logger', c.get('logger').child({ subject: principal.subject }));
    await next();
  };
}
