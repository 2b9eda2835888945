import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { setReplyHeader } from './reply-headers';

/** One JSON line per request. Only the path is logged: query strings may carry fiscal codes. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set('requestId', requestId);
    c.set('logger', c.get('deps').logger.child({ requestId }));
    await next();
    setReplyHeader(c, 'X-Request-Id', requestId);
    c.get('logger').info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
