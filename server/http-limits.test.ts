import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../tests/support/test-app';
import { addressKey, applyHttpLimits, type HttpLimits, httpLimitsFrom } from './http-limits';
import { createNodeHandler } from './middleware/node-handler';
import { readLive } from './test/live';

/** A raw connection: what it was sent back, and when it closed (ms after it opened), or null while open. */
interface Probe {
  socket: Socket;
  received: () => string;
  closedAfter: Promise<number>;
  isOpen: () => boolean;
}

function probe(port: number, send: string | null, localAddress = '127.0.0.1'): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let received = '';
    let open = true;
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    const closedAfter = new Promise<number>((done) =>
      socket.on('close', () => {
        open = false;
        done(Date.now() - opened);
      }),
    );
    socket.on('data', (data: Buffer) => {
      received += data.toString();
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (send !== null) socket.write(send);
      resolve({ socket, received: () => received, closedAfter, isOpen: () => open });
    });
    socket.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Half-open connections: real sockets against the process's listener with the real
 * app behind it, short timeouts given as the environment would give them.
 */
describe('HTTP limits of the process', () => {
  let ctx: TestContext;
  const servers: Server[] = [];
  const start = async (env: Record<string, string>, trustProxy: string[] = []): Promise<number> => {
    const server = createServer(
      createNodeHandler({ config: ctx.config, api: getRequestListener(ctx.app.fetch), idp: null }),
    );
    applyHttpLimits(server, httpLimitsFrom(env), trustProxy);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  beforeAll(async () => {
    ctx = await createTestContext('memory://');
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await ctx?.close();
  });

  it('closes partial requests, and connections that send nothing, once their time is up', async () => {
    const port = await start({ HEADERS_TIMEOUT_MS: '300', REQUEST_RECEIVE_TIMEOUT_MS: '800' });
    const partialHeaders = await Promise.all(
      Array.from({ length: 30 }, () => probe(port, 'GET /api/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')),
    );
    const partialBodies = await Promise.all(
      Array.from({ length: 10 }, () =>
        probe(
          port,
          'POST /api/pinReset/requestOtp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"identifier":',
        ),
      ),
    );
    const silent = await Promise.all(Array.from({ length: 10 }, () => probe(port, null)));
    // Each kind within its timeout plus Node's check interval, with room for a loaded machine.
    for (const connection of partialHeaders) {
      expect(await connection.closedAfter).toBeLessThan(3_000);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    }
    for (const connection of [...partialBodies, ...silent])
      expect(await connection.closedAfter).toBeLessThan(3_000);
  });

  it('refuses the connection past the limit of one address, not another address’s nor a trusted proxy’s', async () => {
    const port = await start({ MAX_CONNECTIONS_PER_ADDRESS: '5', HEADERS_TIMEOUT_MS: '20000' }, [
      '127.0.0.3',
    ]);
    const held = await Promise.all(Array.from({ length: 5 }, () => probe(port, null)));
    const refused = await probe(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await refused.closedAfter).toBeLessThan(3_000);
    expect(refused.received()).toBe('');
    // Another address, and a trusted proxy past the limit, are served.
    const other = await probe(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', '127.0.0.2');
    const viaProxy = await Promise.all(
      Array.from({ length: 8 }, () =>
        probe(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', '127.0.0.3'),
      ),
    );
    await pause(300);
    for (const connection of [other, ...viaProxy])
      expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(held.every((connection) => connection.isOpen())).toBe(true);
    // A place freed is a place again.
    held[0]?.socket.destroy();
    await held[0]?.closedAfter;
    const next = await probe(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await pause(300);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const connection of [...held, other, ...viaProxy, next]) connection.socket.destroy();
  });

  it('keeps serving ordinary requests, kept-alive connections and a live stream past the short timeouts', async () => {
    const port = await start({
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_RECEIVE_TIMEOUT_MS: '600',
      KEEP_ALIVE_TIMEOUT_MS: '2000',
      MAX_CONNECTIONS_PER_ADDRESS: '4',
    });
    const token = await ctx.tokenFor('mario.rossi');
    const stream = await fetch(`http://127.0.0.1:${port}/api/live`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const live = readLive(stream);
    await live.next('ready');
    for (let round = 0; round < 6; round++) {
      // One kept-alive connection answers request after request (fetch reuses it), within the limit of 4.
      const me = await fetch(`http://127.0.0.1:${port}/api/me`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      await me.arrayBuffer();
      const posted = await fetch(`http://127.0.0.1:${port}/api/pinReset/requestOtp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: 'RSSMRA80A01H501U' }),
      });
      expect(posted.status).toBeLessThan(500);
      await posted.arrayBuffer();
      await pause(200);
    }
    const stillOpen = await Promise.race([live.ended.then(() => false), pause(50).then(() => true)]);
    expect(stillOpen).toBe(true);
    live.close();
  });

  it('reads its limits from the environment, with defaults, and counts an IPv6 client by its /64', () => {
    expect(httpLimitsFrom({})).toEqual({
      headersTimeoutMs: 10_000,
      requestReceiveTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      checkIntervalMs: 1_000,
      maxConnectionsPerAddress: 100,
    } satisfies HttpLimits);
    expect(httpLimitsFrom({ HEADERS_TIMEOUT_MS: '2000', REQUEST_RECEIVE_TIMEOUT_MS: '1000' })).toMatchObject({
      headersTimeoutMs: 2000,
      requestReceiveTimeoutMs: 2000,
      checkIntervalMs: 500,
    });
    expect(addressKey('2001:db8::1')).toBe(addressKey('2001:0db8:0:0:ffff:1:2:3'));
    expect(addressKey('2001:db8:0:1::1')).not.toBe(addressKey('2001:db8::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
