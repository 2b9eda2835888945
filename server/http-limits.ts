import type { IncomingMessage, Server } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { isTrustedProxy } from './client-address';

/**
 * What one client may hold of the server's sockets: a partial request is closed once
 * its time is up, and one address keeps a bounded number of connections. Node applies `headersTimeout` and
 * `requestTimeout` only while a request is being received, so a long answer (the live stream, a download)
 * is not cut; `keepAliveTimeout` closes an idle connection between requests.
 */
export interface HttpLimits {
  /** The request line and headers must arrive within this (HEADERS_TIMEOUT_MS); else 408 and close. */
  headersTimeoutMs: number;
  /** The whole request, body included, within this (REQUEST_RECEIVE_TIMEOUT_MS); an upload is at most ~2 MB. */
  requestReceiveTimeoutMs: number;
  /** An idle connection between two requests closes after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** How often Node looks for expired requests; a partial request lives at most its timeout plus this. */
  checkIntervalMs: number;
  /** Connections open at once from one address, per process (MAX_CONNECTIONS_PER_ADDRESS; 0: no limit). */
  maxConnectionsPerAddress: number;
}

function milliseconds(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(number) && number >= 0 ? number : fallback;
}

export function httpLimitsFrom(env: NodeJS.ProcessEnv): HttpLimits {
  const headersTimeoutMs = milliseconds(env.HEADERS_TIMEOUT_MS, 10_000) || 10_000;
  return {
    headersTimeoutMs,
    requestReceiveTimeoutMs: Math.max(headersTimeoutMs, milliseconds(env.REQUEST_RECEIVE_TIMEOUT_MS, 60_000)),
    keepAliveTimeoutMs: milliseconds(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    checkIntervalMs: Math.min(1_000, Math.max(10, Math.floor(headersTimeoutMs / 4))),
    maxConnectionsPerAddress: milliseconds(env.MAX_CONNECTIONS_PER_ADDRESS, 100),
  };
}

/** One client's key: the address, or for IPv6 its /64 (one host holds a whole /64). */
export function addressKey(address: string): string {
  const mapped = address.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Applies the limits to the process's HTTP server (before it listens). A connection past the per-address
 * limit is closed at once, before a byte is read, as Node does past `maxConnections`. A trusted proxy
 * (TRUST_PROXY) is not limited: every client behind it shares its address, so the proxy limits them
 * (nginx `limit_conn`, deploy notes in README).
 */
export function applyHttpLimits(server: Server, limits: HttpLimits, trustedProxies: readonly string[]): void {
  if (server.listening) throw new Error('applyHttpLimits: the server already listens');
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestReceiveTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // A createServer() option, read again when the server starts listening (@types/node has no property for it).
  // Node's default, 30 s, let a partial request live up to 90 s with the default headersTimeout.
  Object.assign(server, { connectionsCheckingInterval: limits.checkIntervalMs });
  // Node's timers start with a request's first byte: a connection that never sends one is closed here.
  server.on('request', (req: IncomingMessage) => req.socket.setTimeout(0));
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    // Past Node's own check, so a partial request still gets its 408 from Node.
    socket.setTimeout(limits.headersTimeoutMs + 2 * limits.checkIntervalMs);
    if (limits.maxConnectionsPerAddress === 0) return;
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address, trustedProxies)) return;
    const key = addressKey(address);
    const count = open.get(key) ?? 0;
    if (count >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
