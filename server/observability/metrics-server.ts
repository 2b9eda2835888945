import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger';
import type { RequestMetrics } from './metrics';

/** Only this machine: a scraper on another one goes through a proxy or an agent the operator chooses. */
export const METRICS_HOST = '127.0.0.1';

/** `GET /metrics` in Prometheus text on a listener of its own (never the public port); anything else 404. */
export async function serveMetrics(
  metrics: Pick<RequestMetrics, 'scrape'>,
  port: number,
  logger: Logger,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: Error) => {
        logger.warn('metrics.scrape_failed', { error: error.message });
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, METRICS_HOST, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  logger.info('metrics listening', { url: `http://${address}:${bound}/metrics` });
  return server;
}

/**
 * WORKERS=N (node:cluster): the primary serves METRICS_PORT, asking every worker for its registry and
 * summing them (prom-client's AggregatorRegistry; gauges that count one shared thing take the max or min).
 */
export async function serveClusterMetrics(port: number, logger: Logger): Promise<Server> {
  const { AggregatorRegistry } = await import('prom-client');
  const aggregator = new AggregatorRegistry();
  return serveMetrics(
    {
      scrape: async () => ({ contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }),
    },
    port,
    logger,
  );
}
