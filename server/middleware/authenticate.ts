import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Verifies the access token of every API call. The URL given to the verifier is the public one,
 * so a DPoP proof's `htu` matches also behind a reverse proxy.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, verifyToken } = c.get('deps');
    const publicUrl = new URL(c.req.path, config.publicUrl);
    const request = new Request(publicUrl, { method: c.req.method, headers: c.req.raw.headers });
    const principal = await verifyToken(request);
    c.set('principal', principal);
    c.set('logger', c.get('logger').child({ subject: principal.subject }));
    await next();
  };
}
