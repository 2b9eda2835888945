import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/contract';
import { createTestContext, type TestContext } from '../../tests/support/test-app';
import { JSON_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from './body-limit';

/** A body of `total` bytes produced on demand, counting what the server pulled of it. */
function countedBody(
  total: number,
  chunkBytes = 16 * 1024,
): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

const FOUR_HUNDRED_MB = 400 * 1024 * 1024;

// Body limits sit in front of the database: one target is enough.
describe('body limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('memory://');
  });
  afterAll(() => ctx.close());

  const post = (path: string, init: RequestInit & { duplex?: 'half' }): Response | Promise<Response> =>
    ctx.app.request(path, { method: 'POST', ...init });

  it('refuses a JSON body past 64 KB with 413 in the contract shape', async () => {
    const body = JSON.stringify({ identifier: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const response = await post('/api/pinReset/requestOtp', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      status: 413,
      code: 'REQUEST_TOO_LARGE',
      message: 'Dati inviati troppo pesanti',
    });
  });

  it('still reads a JSON body under the limit', async () => {
    const response = await post('/api/pinReset/requestOtp', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: '' }),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a declared 400 MB body without reading a byte of it', async () => {
    const { stream, pulled } = countedBody(FOUR_HUNDRED_MB);
    const response = await post('/api/pinReset/requestOtp', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(FOUR_HUNDRED_MB) },
      body: stream,
      duplex: 'half',
    });
    expect(response.status).toBe(413);
    expect(pulled()).toBe(0);
  });

  it('stops reading a chunked 400 MB body as soon as it crosses 64 KB', async () => {
    const { stream, pulled } = countedBody(FOUR_HUNDRED_MB);
    const response = await post('/api/pinReset/requestOtp', {
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('REQUEST_TOO_LARGE');
    expect(pulled()).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + 16 * 1024);
  });

  it('limits authenticated routes too, before the token is even looked at', async () => {
    const { stream, pulled } = countedBody(FOUR_HUNDRED_MB);
    const response = await post('/api/documents/prepareObscure', {
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    });
    expect(response.status).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES + 16 * 1024);
  });

  it('lets the upload routes take their 2 MB file and refuses a chunked flood past it as too large a file', async () => {
    // 1 MB of form is past the JSON limit but reaches the upload route, which judges the (fake) file.
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(1024 * 1024)], { type: 'application/pdf' }), 'a.pdf');
    const token = await ctx.tokenFor('mario.rossi');
    const small = await post('/api/uploadedDocuments', {
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(small.status).not.toBe(413);

    for (const path of ['/api/uploadedDocuments', '/api/patients/1/paperConsents']) {
      const { stream, pulled } = countedBody(FOUR_HUNDRED_MB, 64 * 1024);
      const response = await post(path, {
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=x' },
        body: stream,
        duplex: 'half',
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        code: 'UPLOAD_TOO_LARGE',
        fields: [{ field: 'file', code: 'tooLong' }],
      });
      expect(pulled()).toBeGreaterThan(UPLOAD_MAX_BYTES);
      expect(pulled()).toBeLessThanOrEqual(UPLOAD_BODY_MAX_BYTES + 64 * 1024);
    }
  });
});
