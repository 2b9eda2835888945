import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compression } from './compression';

const small = { id: 1, displayName: 'Mario Rossi', permissionList: ['perm.meview.consent.read'] };
const large = { documents: Array.from({ length: 40 }, (_, id) => ({ id, title: 'Esami ematochimici' })) };

const app = new Hono()
  .use(compression())
  .get('/small', (c) => c.json(small))
  .get('/large', (c) => c.json(large))
  .get('/error', (c) => c.json({ status: 404, code: 'NOT_FOUND' }, 404))
  .get('/stream', (c) =>
    c.body(new ReadableStream({ start: (ctl) => ctl.close() }), 200, { 'Content-Type': 'text/event-stream' }),
  );

const get = (path: string) => app.request(path, { headers: { 'Accept-Encoding': 'gzip' } });

describe('compression threshold for JSON replies (issue 16)', () => {
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
});
