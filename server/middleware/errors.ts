import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorReply } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { errorMessages, HttpError } from '../http-error';

function reply(c: Context<AppEnv>, body: ErrorReply, headers?: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  return c.json(body, body.status as 400);
}

/** Known errors become the contract's ErrorReply; anything else is a 500 whose id is in the log. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof HttpError) {
    return reply(
      c,
      {
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.params ? { params: error.params } : {}),
      },
      error.headers,
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono raises these for malformed bodies (e.g. invalid JSON).
    return reply(c, { status: error.status, code: 'BAD_REQUEST', message: errorMessages.BAD_REQUEST });
  }
  const logger = c.get('logger') ?? c.get('deps').logger;
  if (isDatabaseUnavailable(error)) {
    // An outage of the database, not a fault of this request: the client retries, the log is not flooded.
    logger.warn('database unavailable', { path: c.req.path, error: error.message });
    return reply(
      c,
      { status: 503, code: 'DB_UNAVAILABLE', message: errorMessages.DB_UNAVAILABLE },
      { 'Retry-After': String(DB_RETRY_AFTER_SECONDS) },
    );
  }
  const errorId = randomUUID();
  logger.error('unexpected error', { errorId, error: error.message, stack: error.stack });
  return reply(c, { status: 500, code: 'INTERNAL', message: errorMessages.INTERNAL, errorId });
}

export function apiNotFound(c: Context<AppEnv>): Response {
  return reply(c, { status: 404, code: 'NOT_FOUND', message: errorMessages.NOT_FOUND });
}
