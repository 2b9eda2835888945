import { type ClientRequest, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../tests/support/test-app';
import { startTestIdp, type TestIdp } from '../test/idp';
import { readLive } from '../test/live';
import { createNodeHandler, IDP_BODY_MAX_BYTES } from './node-handler';

/**
 * The process's listener over a real socket: the in-flight cap and the health
 * probes that bypass it, the request timeouts, and the body limits of the identity provider's forms.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes of the request body the client managed to send before the answer came. */
  sent: number;
}

const FOUR_HUNDRED_MB = 400 * 1024 * 1024;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

/** Sends up to `total` bytes of chunked body, respecting backpressure, until the answer comes. */
function streamUntilAnswered(
  port: number,
  path: string,
  total: number,
  contentType: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const req = request({
      port,
      host: '127.0.0.1',
      path,
      method: 'POST',
      headers: { 'Content-Type': contentType },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (data: Buffer) => {
        body += data.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent }));
    });
    // Once answered, the server closes the connection on the rest of the body: not an error of the test.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = (): void => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A request whose body is still coming: it stays in flight until `finish` sends the rest. */
function slowRequest(
  port: number,
  path: string,
  contentType = 'application/json',
): { req: ClientRequest; answer: Promise<Answer>; finish(): void } {
  const headers = { 'Content-Type': contentType };
  const req = request({ port, host: '127.0.0.1', path, method: 'POST', headers });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (data: Buffer) => {
        body += data.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent: 0 }));
    });
    req.on('error', reject);
  });
  req.write('{"identifier":');
  return { req, answer, finish: () => req.end('"RSSMRA80A01H501U"}') };
}

async function get(
  port: number,
  path: string,
): Promise<{ status: number; retryAfter: string | null; resourcePolicy: string | null; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return {
    status: response.status,
    retryAfter: response.headers.get('Retry-After'),
    resourcePolicy: response.headers.get('Cross-Origin-Resource-Policy'),
    body: await response.json(),
  };
}

describe('the process listener', () => {
  let ctx: TestContext;
  let idp: TestIdp;
  const servers: Server[] = [];
  /** A server with this cap and timeout in front of the real app and the real IdP; counts arrivals. */
  const start = async (maxInFlight: number, requestTimeoutMs: number) => {
    let arrived = 0;
    const handler = createNodeHandler({
      config: { ...ctx.config, maxInFlight, requestTimeoutMs, apiBase: '/api' },
      api: getRequestListener(ctx.app.fetch),
      idp: idp.idp.handle,
    });
    const server = createServer((req, res) => {
      arrived++;
      handler(req, res);
    });
    servers.push(server);
    const port = await listen(server);
    const arrivals = async (count: number): Promise<void> => {
      while (arrived < count) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    return { port, arrivals };
  };

  beforeAll(async () => {
    ctx = await createTestContext('memory://');
    idp = await startTestIdp([]);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await idp?.close();
    await ctx?.close();
  });

  it('answers 503 with Retry-After past the in-flight cap, while /healthz and /readyz answer', async () => {
    const { port, arrivals } = await start(2, 30_000);
    const slow = [
      slowRequest(port, '/api/pinReset/requestOtp'),
      slowRequest(port, '/api/pinReset/requestOtp'),
    ];
    await arrivals(2);
    const refused = await Promise.all(Array.from({ length: 5 }, () => get(port, '/api/me')));
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe('2');
      // The process's own refusals carry what every reply carries.
      expect(answer.resourcePolicy).toBe('same-origin');
      expect(answer.body).toEqual({
        status: 503,
        code: 'SERVER_BUSY',
        message: 'Servizio momentaneamente sovraccarico: riprova tra qualche istante',
      });
    }
    expect(await get(port, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get(port, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await get(port, '/idp/.well-known/openid-configuration')).status).toBe(503);

    for (const request of slow) request.finish();
    // They reached the route, which judged them.
    for (const request of slow)
      expect(JSON.parse((await request.answer).body)).toMatchObject({ code: 'PIN_RESET_INVALID_USER' });
    // The slots are free again.
    expect((await get(port, '/api/me')).status).toBe(401);
  });

  it('answers 503 REQUEST_TIMEOUT to an API or IdP request still unanswered after the timeout', async () => {
    const { port } = await start(100, 300);
    // The app's timeout is its own configuration (the same REQUEST_TIMEOUT_MS in production).
    const appTimeout = ctx.config.requestTimeoutMs;
    ctx.config.requestTimeoutMs = 300;
    try {
      for (const [path, type] of [
        ['/api/pinReset/requestOtp', 'application/json'],
        ['/idp/token', 'application/x-www-form-urlencoded'],
      ] as const) {
        const slow = slowRequest(port, path, type);
        const answer = await slow.answer;
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBe('2');
        expect(JSON.parse(answer.body)).toMatchObject({ status: 503, code: 'REQUEST_TIMEOUT' });
        slow.req.destroy();
      }
    } finally {
      ctx.config.requestTimeoutMs = appTimeout;
    }
  });

  it('keeps live streams open past the request timeout and out of the in-flight cap', async () => {
    const { port } = await start(1, 300);
    const appTimeout = ctx.config.requestTimeoutMs;
    ctx.config.requestTimeoutMs = 300;
    try {
      const token = await ctx.tokenFor('mario.rossi');
      const streams = await Promise.all(
        [1, 2].map(() =>
          fetch(`http://127.0.0.1:${port}/api/live`, { headers: { Authorization: `Bearer ${token}` } }),
        ),
      );
      const readers = streams.map(readLive);
      for (const reader of readers) await reader.next('ready');
      // Two streams open, a cap of one: an ordinary request still gets its place.
      expect((await get(port, '/api/me')).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 700));
      const stillOpen = await Promise.race([
        readers[0]?.ended.then(() => false),
        new Promise((resolve) => setTimeout(() => resolve(true), 50)),
      ]);
      expect(stillOpen).toBe(true);
      for (const reader of readers) reader.close();
    } finally {
      ctx.config.requestTimeoutMs = appTimeout;
    }
  });

  it('refuses an IdP form past 16 KB with 413 before the provider reads it', async () => {
    const { port } = await start(100, 30_000);
    // Past the limit but within what the listener drains after its answer (LINGER_MAX_BYTES): the client
    // reads the 413 on a connection that stays whole. A body past that is cut off (the chunked test below).
    const form = `username=admin&password=${'x'.repeat(64 * 1024)}`;
    for (const path of ['/idp/interaction/some-uid/login', '/idp/token']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ status: 413, code: 'REQUEST_TOO_LARGE' });
    }
    // A form within the limit reaches the provider, which judges it.
    const small = await fetch(`http://127.0.0.1:${port}/idp/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=authorization_code&code=x&client_id=portal&pad=${'x'.repeat(IDP_BODY_MAX_BYTES - 200)}`,
    });
    expect(small.status).toBe(400);
    expect(((await small.json()) as { error: string }).error).toMatch(/^invalid_/);
  });

  it('refuses a chunked 400 MB body early, to the IdP and to the API, and never reads it to its end', async () => {
    const { port } = await start(100, 30_000);
    for (const [path, type] of [
      ['/idp/token', 'application/x-www-form-urlencoded'],
      ['/api/pinReset/requestOtp', 'application/json'],
    ] as const) {
      const answer = await streamUntilAnswered(port, path, FOUR_HUNDRED_MB, type);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
      // Socket buffers hold a few megabytes; the server stops reading long before the end of the body.
      expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
    }
  });
});
