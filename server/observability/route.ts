import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../app-env';

/** The label of a request no route answered: one fixed value, so an id in a wrong URL never becomes a series. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE = Symbol('http.route');
type WithRoute = IncomingMessage & { [ROUTE]?: string };

/**
 * Notes on the Node request the route template that answered (`/api/documents/:id`, never the path
 * itself), for the request metrics and the server span read when the response ends. After `next()`,
 * Hono's route index points at the deepest handler that ran: the one that answered. A 404 from a
 * catch-all (`/api/*`, the static files) is unmatched.
 */
export function routeTemplate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // @hono/node-server's binding; absent under `app.request()` in tests.
    const incoming = (c.env as { incoming?: WithRoute } | undefined)?.incoming;
    if (!incoming) return;
    const route = routePath(c);
    incoming[ROUTE] = c.res.status === 404 && route.includes('*') ? UNMATCHED_ROUTE : route;
  };
}

/** The route template noted for this request, or null when no Hono route saw it (IdP, refused early). */
export function routeOf(req: IncomingMessage): string | null {
  return (req as WithRoute)[ROUTE] ?? null;
}
