import { promisify } from 'node:util';
import { gzip as gzipAsync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Below this, gzip costs the server more CPU than it saves on the wire (a 262-byte `/me`). */
export const COMPRESS_MIN_BYTES = 1024;

/** Up to this size a JSON reply is gzipped in place (about 50 µs for 10 KB); larger ones off the event loop. */
const SYNC_GZIP_MAX_BYTES = 64 * 1024;

const gzipLater = promisify(gzipAsync);
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether Accept-Encoding takes gzip: named with a q above 0, or through `*` (as hono/compress reads it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (name.trim() === 'gzip') return weight > 0;
    if (name.trim() === '*') wildcard = weight;
  }
  return wildcard > 0;
}

/** The JSON text of the reply `c.json()` built last in this request. */
interface JsonReply {
  response: Response;
  text: string;
}

type Headed = Record<string, string | string[]>;

/**
 * `c.json()` that keeps its text: the reply is then compressed (or measured) from that string, instead of
 * reading the body back as a stream, which costs more than the gzip itself.
 */
function keepJsonText(c: Context, kept: { reply: JsonReply | null }): void {
  // c.body's overloads, as json() calls it (status or init, then headers).
  const body = c.body as (data: string, arg?: number | ResponseInit, headers?: Headed) => Response;
  const json = (object: unknown, arg?: number | ResponseInit, headers?: Headed) => {
    const text = JSON.stringify(object);
    // As hono's own json(): its Content-Type unless the caller gives one.
    const response = body(text, arg, { 'Content-Type': 'application/json', ...headers });
    kept.reply = { response, text };
    return response;
  };
  // Same parameters as c.json, which is typed per route for the RPC client; the reply is the same.
  c.json = json as unknown as typeof c.json;
}

/** A JSON reply kept by keepJsonText: gzipped, or given its length (nothing to do for the HTTP adapter). */
async function finishJson(c: Context, reply: JsonReply, threshold: number): Promise<void> {
  const { response, text } = reply;
  const bytes = Buffer.byteLength(text);
  const compressible =
    bytes >= threshold &&
    response.status !== 206 &&
    c.req.method !== 'HEAD' &&
    !response.headers.has('Content-Encoding') &&
    !noTransform.test(response.headers.get('Cache-Control') ?? '');
  if (!compressible) {
    response.headers.set('Content-Length', String(bytes));
    return;
  }
  const vary = response.headers.get('Vary');
  if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ''))
    response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(c.req.header('Accept-Encoding'))) {
    response.headers.set('Content-Length', String(bytes));
    return;
  }
  const body = bytes <= SYNC_GZIP_MAX_BYTES ? gzipSync(text) : await gzipLater(text);
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(body.byteLength));
  // Unset first: the setter would otherwise rebuild the old reply (reading its body) to copy its headers.
  c.res = undefined;
  c.res = new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), {
    status: response.status,
    headers,
  });
}

/**
 * Compression for what the API and the app send: a JSON reply from `c.json()` is gzipped from its text
 * when it is 1 KB or more and left as it is otherwise; anything else goes through hono's compress(), whose
 * threshold holds when there is a Content-Length. Another JSON reply (already whole in memory) gets its
 * length first; streams (live events, files) are left as they are.
 */
export function compression(threshold = COMPRESS_MIN_BYTES): MiddlewareHandler {
  const fallback = compress({ threshold });
  return (c, next) => {
    const kept: { reply: JsonReply | null } = { reply: null };
    keepJsonText(c, kept);
    return fallback(c, async () => {
      await next();
      const { res } = c;
      if (kept.reply && kept.reply.response === res) return finishJson(c, kept.reply, threshold);
      if (res.headers.has('Content-Length')) return;
      if (!res.headers.get('Content-Type')?.startsWith('application/json') || !res.body) return;
      // A Uint8Array body keeps the Node adapter's direct write (an ArrayBuffer would go through a stream).
      const bytes = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      headers.set('Content-Length', String(bytes.byteLength));
      c.res = undefined;
      c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
    });
  };
}
