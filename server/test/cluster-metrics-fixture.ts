/**
 * A node:cluster primary with two workers, for server/observability/cluster-metrics.test.ts: the primary
 * serves METRICS_PORT (a free port), each worker records one request and reports 3 live streams and its
 * own outbox count (worker 1: 1, worker 2: 2). Prints `{"port": …}` once both are ready.
 */
import cluster from 'node:cluster';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/client';
import { createMemoryLogger } from '../logger';
import { startClusterMetrics, startObservability } from '../observability';
import { outboxDepth } from '../services/notify/outbox-depth';

const logger = createMemoryLogger();
if (cluster.isPrimary) {
  const metrics = await startClusterMetrics({ metricsPort: 0 }, logger);
  let ready = 0;
  for (let index = 0; index < 2; index++)
    cluster.fork().on('message', () => {
      if (++ready === 2) process.stdout.write(`${JSON.stringify({ port: metrics?.address.port })}\n`);
    });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    void metrics?.stop().then(() => process.exit(0));
  });
} else {
  const count = cluster.worker?.id ?? 0;
  const db = {
    execute: async () => ({ rows: [{ pending: count, due: 0, sending: 0 }] }),
  } as unknown as Database;
  const observability = await startObservability({ metricsPort: 0, otlpEndpoint: null }, logger);
  await observability.startMetrics({
    database: { ping: async () => {} },
    live: { streamCount: 3 },
    outboxDepth: () => outboxDepth(db),
  });
  const res = Object.assign(new EventEmitter(), { statusCode: 200 });
  const req = Object.assign(new EventEmitter(), { method: 'GET', url: '/idp/token' });
  observability.wrap(() => {})(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  res.emit('close');
  process.on('disconnect', () => process.exit(0));
  process.send?.('ready');
}
