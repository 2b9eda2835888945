import cluster from 'node:cluster';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../config';
import type { Logger } from '../logger';
import type { MetricsSources, RequestMetrics } from './metrics';
import { routeOf, UNMATCHED_ROUTE } from './route';
import type { RequestTracing } from './tracing';

const KNOWN_METHODS = new Set([
  'CONNECT',
  'DELETE',
  'GET',
  'HEAD',
  'OPTIONS',
  'PATCH',
  'POST',
  'PUT',
  'TRACE',
]);

/** OpenTelemetry's rule: a method outside the known ones is `_OTHER`, so a client cannot invent series. */
export const methodLabel = (method: string | undefined): string =>
  method && KNOWN_METHODS.has(method) ? method : '_OTHER';

export interface Observability {
  /** METRICS_PORT: the metrics listener, once the database and the live hub exist. */
  startMetrics(sources: Omit<MetricsSources, 'logger'>): Promise<void>;
  /** The process's request listener, measured and traced as configured (itself when both are off). */
  wrap(listener: RequestListener): RequestListener;
  /** Where the metrics are served, when they are. */
  readonly metricsAddress: AddressInfo | null;
  /** Sends the buffered spans (tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Metrics (METRICS_PORT) and traces (OTEL_EXPORTER_OTLP_ENDPOINT), both off by default; their libraries are
 * imported only when configured. Call before the database opens: the traces patch its driver.
 */
export async function startObservability(
  config: Pick<ServerConfig, 'metricsPort' | 'otlpEndpoint'>,
  logger: Logger,
): Promise<Observability> {
  let tracing: RequestTracing | null = null;
  if (config.otlpEndpoint) {
    tracing = (await import('./tracing')).startTracing(config.otlpEndpoint);
    logger.info('traces exported', { endpoint: config.otlpEndpoint });
  }
  let metrics: RequestMetrics | null = null;
  let metricsServer: Server | null = null;
  return {
    async startMetrics(sources) {
      if (config.metricsPort === null || metrics) return;
      const { createMetrics } = await import('./metrics');
      const { serveMetrics } = await import('./metrics-server');
      metrics = createMetrics({ ...sources, logger: logger.child({ component: 'metrics' }) });
      // In a cluster the primary listens (startClusterMetrics) and asks each worker for its figures.
      if (!cluster.isWorker) metricsServer = await serveMetrics(metrics, config.metricsPort, logger);
    },
    wrap(listener) {
      if (!metrics && !tracing) return listener;
      return observed(listener, metrics, tracing);
    },
    get metricsAddress() {
      return (metricsServer?.address() as AddressInfo | null) ?? null;
    },
    flush: async () => tracing?.flush(),
    async stop() {
      await new Promise<void>((resolve) =>
        metricsServer ? metricsServer.close(() => resolve()) : resolve(),
      );
      metrics?.stop();
      await tracing?.stop();
    },
  };
}

function observed(
  listener: RequestListener,
  metrics: RequestMetrics | null,
  tracing: RequestTracing | null,
): RequestListener {
  return (req, res) => {
    const started = performance.now();
    // The identity provider (oidc-provider) has no Hono route: its requests share one label. Read now, as
    // it rewrites `req.url` below its mount point.
    const path = req.url ?? '/';
    const fallback =
      path === '/idp' || path.startsWith('/idp/') || path.startsWith('/idp?') ? '/idp/*' : UNMATCHED_ROUTE;
    const route = (): string => routeOf(req) ?? fallback;
    if (metrics) {
      const measured = metrics;
      res.once('close', () =>
        measured.observe(
          methodLabel(req.method),
          route(),
          res.statusCode,
          (performance.now() - started) / 1000,
        ),
      );
    }
    if (tracing) tracing.serve(req, res, route, () => void listener(req, res));
    else void listener(req, res);
  };
}

/**
 * The node:cluster primary's side of METRICS_PORT: one listener summing its workers' metrics. Call it in
 * the primary when it forks workers (each worker's startMetrics then opens no listener); null when metrics
 * are off.
 */
export async function startClusterMetrics(
  config: Pick<ServerConfig, 'metricsPort'>,
  logger: Logger,
): Promise<{ address: AddressInfo; stop(): Promise<void> } | null> {
  if (config.metricsPort === null) return null;
  const server = await (await import('./metrics-server')).serveClusterMetrics(config.metricsPort, logger);
  return {
    address: server.address() as AddressInfo,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
