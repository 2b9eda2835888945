import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES, compression } from './compression';

const small = { id: 1, displayName: 'Mario Rossi', permissionList: ['perm.meview.consent.read'] };
const large = { documents: Array.from({ length: 40 }, (_, id) => ({ id, title: 'Esami ematochimici' })) };

const app = new Hono()
  .use(compression())
  .get('/small', (c) => c.json(small))
  .get('/large', (c) => c.json(large))
  .get('/large-headed', (c) => {
    c.header('X-Kept', 'yes');
    return c.json(large, 201, { 'Cache-Control': 'private' });
  })
  .get('/no-transform', (c) => c.json(large, 200, { 'Cache-Control': 'no-transform' }))
  .get('/error', (c) => c.json({ status: 404, code: 'NOT_FOUND' }, 404))
  .get('/stream', (c) =>
    c.body(new ReadableStream({ start: (ctl) => ctl.close() }), 200, { 'Content-Type': 'text/event-stream' }),
  );

const get = (path: string) => app.request(path, { headers: { 'Accept-Encoding': 'gzip' } });

describe('compression threshold for JSON replies', () => {
  it('leaves a reply under 1 KB as it is, with its length', async () => {
    expect(JSON.stringify(small).length).toBeLessThan(COMPRESS_MIN_BYTES);
    const response = await get('/small');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Content-Length')).toBe(String(JSON.stringify(small).length));
    expect(await response.json()).toEqual(small);
    const refusal = await get('/error');
    expect(refusal.status).toBe(404);
    expect(refusal.headers.get('Content-Encoding')).toBeNull();
  });

  it('gzips a reply of 1 KB or more, and the body is the same JSON', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    const response = await get('/large');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body)).toEqual(large);
  });

  it('does not buffer a stream', async () => {
    const response = await get('/stream');
    expect(response.headers.get('Content-Length')).toBeNull();
    expect(response.headers.get('Content-Type')).toBe('text/event-stream');
  });

  it('keeps the status and headers a route gave, and answers with the plain text when gzip is refused', async () => {
    const response = await get('/large-headed');
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Kept')).toBe('yes');
    expect(response.headers.get('Cache-Control')).toBe('private');
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body)).toEqual(large);
    for (const encoding of ['gzip;q=0', 'br', 'identity']) {
      const plain = await app.request('/large', { headers: { 'Accept-Encoding': encoding } });
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
      expect(await plain.json()).toEqual(large);
    }
    const untouched = await get('/no-transform');
    expect(untouched.headers.get('Content-Encoding')).toBeNull();
  });

  it('reads Accept-Encoding as hono/compress does', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0.1, gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
