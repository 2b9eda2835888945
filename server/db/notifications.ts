import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from './postgres-pool';

/** Called with each payload sent on the channel; `resync` after a lost connection (payloads may be missed). */
export interface ChannelListener {
  onPayload(payload: string): void;
  onResync(): void;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and stop listening). When the
 * connection drops it reconnects every RECONNECT_MS and says `resync`, since notifications sent meanwhile
 * are lost; the caller tells its clients to reload.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onPayload(message.payload ?? '');
    });
    const reconnect = (): void => {
      if (closed || client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      retry = setTimeout(() => {
        connect()
          .then(() => listener.onResync())
          .catch(() => undefined);
      }, RECONNECT_MS);
    };
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      reconnect();
      throw error;
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
