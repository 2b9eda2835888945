import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MAX_BYTES } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';

/**
 * Largest JSON (or any other non-upload) body. The largest a route accepts is a prepareObscure of 100
 * documents, about 15 KB.
 */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** A PDF upload's form: the file at its limit and room for the text fields and multipart boundaries. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/** Routes (below the API base) that take a PDF upload: multipart bodies up to UPLOAD_BODY_MAX_BYTES. */
const UPLOAD_ROUTES: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/uploadedDocuments$/ },
  { method: 'PUT', path: /^\/uploadedDocuments\/[^/]+$/ },
  { method: 'POST', path: /^\/patients\/[^/]+\/paperConsents$/ },
  { method: 'POST', path: /^\/messages$/ },
];

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: () => {
    throw new HttpError(413, 'REQUEST_TOO_LARGE');
  },
});

const uploadLimit = bodyLimit({
  maxSize: UPLOAD_BODY_MAX_BYTES,
  onError: () => {
    throw new HttpError(413, 'UPLOAD_TOO_LARGE', [{ field: 'file', code: 'tooLong' }]);
  },
});

/**
 * Every body has a limit, checked before a route reads it: a declared Content-Length past it is refused
 * without reading a byte, a chunked body as soon as the bytes counted cross it (413 either way). What
 * arrives after the answer is discarded, and not for long (`guardBody` in node-handler.ts).
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const { apiBase } = c.get('deps').config;
    const path = c.req.path.startsWith(`${apiBase}/`) ? c.req.path.slice(apiBase.length) : null;
    const upload =
      path !== null && UPLOAD_ROUTES.some((route) => route.method === c.req.method && route.path.test(path));
    return (upload ? uploadLimit : jsonLimit)(c, next);
  };
}
