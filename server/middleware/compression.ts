import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Below this, gzip costs the server more CPU than it saves on the wire (a 262-byte `/me`). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Hono's compress() with a threshold that holds for JSON replies too: its threshold only works with a
 * Content-Length, which `c.json()` never sets. A JSON reply (already whole in memory) gets its length
 * here first; streams (live events, files) are left as they are.
 */
export function compression(threshold = COMPRESS_MIN_BYTES): MiddlewareHandler {
  const gzip = compress({ threshold });
  return (c, next) =>
    gzip(c, async () => {
      await next();
      const { res } = c;
      if (!res.body || res.headers.has('Content-Length')) return;
      if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
      // A Uint8Array body keeps the Node adapter's direct write (an ArrayBuffer would go through a stream).
      const bytes = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      headers.set('Content-Length', String(bytes.byteLength));
      // Unset first: the setter would otherwise copy the old reply's headers back over.
      c.res = undefined;
      c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
    });
}
