import type { PGlite } from '@electric-sql/pglite';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * PGlite runs each statement synchronously on the event loop, and its own queue hands the next
 * statement over in a microtask: under a burst of requests the loop ran statement after statement
 * without reading a socket, so health probes, new connections and request timeouts waited for the
 * whole queue (a blocked second with 100 requests in flight). Here statements and
 * transactions start one at a time, each on a fresh event-loop turn, so sockets are served between
 * any two statements. PGlite already runs one at a time (a statement waits for a running
 * transaction), so this changes no ordering the database allowed.
 */
export function yieldBeforeEachStatement(client: PGlite): PGlite {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(nextTurn).then(run);
    queue = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => inTurn(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof client.transaction;
  return client;
}
