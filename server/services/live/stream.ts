import type { LiveChange, UserType } from '../../../src/contract';
import type { LiveHub } from './hub';

/** A comment line this often: proxies keep the stream open and a dead client is found by the failed write. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** A stream ends after this long at most (and when its token expires); the client reconnects with a fresh token. */
export const LIVE_STREAM_MAX_MS = 10 * 60_000;

export interface LiveStreamOptions {
  hub: LiveHub;
  userId: number;
  role: UserType;
  /** The token's expiry, milliseconds since the epoch. */
  expiresAtMs: number | undefined;
  /** The request's signal: aborted when the client goes away. */
  signal: AbortSignal;
  now?: () => number;
}

/**
 * The body of `GET /live` (Server-Sent Events): `ready` at once, `change` with the topics to refetch,
 * a heartbeat comment, and the end at the token's expiry. Null when the process has no room for another.
 */
export function openLiveStream(options: LiveStreamOptions): ReadableStream<Uint8Array> | null {
  const { hub, signal } = options;
  const now = options.now ?? Date.now;
  const encoder = new TextEncoder();
  const channel = new TransformStream<Uint8Array, Uint8Array>();
  const writer = channel.writable.getWriter();
  let ended = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;
  const end = (): void => {
    if (ended) return;
    ended = true;
    for (const timer of timers) clearTimeout(timer);
    unsubscribe?.();
    writer.close().catch(() => undefined);
  };
  const write = (text: string): void => {
    if (ended) return;
    writer.write(encoder.encode(text)).catch(end);
  };
  unsubscribe = hub.subscribe({
    userId: options.userId,
    role: options.role,
    send: (topics) =>
      write(`event: change\ndata: ${JSON.stringify({ topics: [...topics] } satisfies LiveChange)}\n\n`),
    close: end,
  });
  if (!unsubscribe) return null;
  const lifetime = Math.min(LIVE_STREAM_MAX_MS, (options.expiresAtMs ?? Number.POSITIVE_INFINITY) - now());
  timers.push(setTimeout(end, Math.max(0, lifetime)));
  timers.push(setInterval(() => write(': heartbeat\n\n'), LIVE_HEARTBEAT_MS));
  for (const timer of timers) timer.unref();
  signal.addEventListener('abort', end, { once: true });
  // `retry`: how long the browser's EventSource would wait; the portal's reader uses its own backoff.
  write('retry: 3000\nevent: ready\ndata: {}\n\n');
  return channel.readable;
}
