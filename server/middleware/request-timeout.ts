import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';

/** Seconds a client waits before it retries a request refused by the load shedding. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * A request still unanswered after REQUEST_TIMEOUT_MS gets a 503 with Retry-After: the client hears back
 * instead of waiting on a queue. The work already started ends on its own; its answer is dropped.
 */
export function requestTimeout(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { requestTimeoutMs, apiBase } = c.get('deps').config;
    // The live stream is meant to stay open; it ends on its own (services/live/stream.ts).
    if (c.req.path === `${apiBase}/live`) return next();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), requestTimeoutMs);
    });
    const handled = next().then(() => 'handled' as const);
    try {
      if ((await Promise.race([handled, expired])) === 'expired') {
        handled.catch(() => undefined);
        c.get('logger').warn('request timed out', { path: c.req.path, timeoutMs: requestTimeoutMs });
        throw new HttpError(503, 'REQUEST_TIMEOUT', undefined, {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        });
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
