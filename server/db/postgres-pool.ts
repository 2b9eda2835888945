import pg from 'pg';

/**
 * How long one attempt to open a connection may take. PostgreSQL answers a refused or shutting-down
 * connection at once; this bounds the other case (a host that no longer answers, as in a failover), so a
 * request hears DB_UNAVAILABLE within a second instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * A client whose connection attempt is bounded. Set on the client rather than on the pool: the pool's own
 * `connectionTimeoutMillis` would also bound the wait for a free connection, and a busy (healthy) database
 * would then answer as an absent one.
 */
class BoundedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

/**
 * The connection pool of a server process. A restart or failover of PostgreSQL ends every connection with
 * an 'error' event, on the pool (idle connections) and on each connection lent to a request (pg-pool
 * listens only while it is idle). Without a listener Node ends the process: these listeners keep it up,
 * the broken connections leave the pool, and the next request opens new ones.
 */
export function createPostgresPool(
  connectionString: string,
  options: { isolatedSchema?: string; onConnectionError?: (error: Error) => void } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: BoundedClient,
    // A peer that vanished without closing (a host gone in a failover) is noticed by the kernel.
    keepAlive: true,
    ...(options.isolatedSchema ? { options: `-c search_path=${options.isolatedSchema}` } : {}),
  });
  const reported = new WeakSet<Error>();
  // An idle connection's error reaches both listeners: reported once.
  const report = (error: Error): void => {
    if (reported.has(error)) return;
    reported.add(error);
    options.onConnectionError?.(error);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}
