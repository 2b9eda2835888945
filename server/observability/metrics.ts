import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle, PoolStats } from '../db/client';
import type { Logger } from '../logger';
import type { LiveHub } from '../services/live/hub';
import type { OutboxDepth } from '../services/notify/outbox-depth';
import { withTimeout } from '../time-limit';
import { type LoginStep, type PushOutcome, recordOperationalEvents, type SmsOutcome } from './events';

/** The bucket boundaries the OpenTelemetry semantic conventions advise for `http.server.request.duration`. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const EVENT_LOOP_RESOLUTION_MS = 100;
/** A scrape never waits longer than this for the database (one that is away). */
const DATABASE_TIMEOUT_MS = 2000;

export interface MetricsSources {
  database: Pick<DatabaseHandle, 'poolStats' | 'ping'>;
  live: Pick<LiveHub, 'streamCount'>;
  /** The notification outbox's backlog, given by the composition root (notify/outbox-depth.ts). */
  outboxDepth: () => Promise<OutboxDepth>;
  logger: Logger;
}

export interface RequestMetrics {
  /** One finished request: its method, route template, status and duration in seconds. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** The Prometheus text exposition. */
  scrape(): Promise<{ contentType: string; body: string }>;
  stop(): void;
}

const LOGIN_STEPS: readonly LoginStep[] = ['password', 'sms_code', 'totp'];
const LOCKOUT_SCOPES = ['login', 'pin-reset', 'cdc'];
const PUSH_OUTCOMES: readonly PushOutcome[] = ['delivered', 'gone', 'refused', 'failed'];
const SMS_OUTCOMES: readonly SmsOutcome[] = ['sent', 'failed'];
const OUTBOX_STATES: readonly (keyof OutboxDepth)[] = ['pending', 'due', 'sending'];

/** Counters with a zero for every known label, so a rate exists before the first event. */
function counter(registry: Registry, name: string, help: string, label: string, values: readonly string[]) {
  const metric = new Counter({ name, help, labelNames: [label], registers: [registry] });
  for (const value of values) metric.inc({ [label]: value }, 0);
  return metric;
}

/** The PostgreSQL pool's connections, with OpenTelemetry's names (PGlite has no pool: none). */
function poolGauges(registry: Registry, stats: () => PoolStats): void {
  new Gauge({
    name: 'db_client_connection_count',
    help: 'Database pool connections by state (used, idle); PostgreSQL only.',
    labelNames: ['db_client_connection_state'],
    registers: [registry],
    collect() {
      const now = stats();
      this.set({ db_client_connection_state: 'used' }, now.total - now.idle);
      this.set({ db_client_connection_state: 'idle' }, now.idle);
    },
  });
  new Gauge({
    name: 'db_client_connection_pending_requests',
    help: 'Queries waiting for a free pool connection; PostgreSQL only.',
    registers: [registry],
    collect() {
      const now = stats();
      this.set(now.waiting);
    },
  });
  new Gauge({
    name: 'db_client_connection_max',
    help: 'Largest number of pool connections allowed; PostgreSQL only.',
    registers: [registry],
    collect() {
      const now = stats();
      this.set(now.max);
    },
  });
}

/**
 * This process's metrics in a registry of its own: the request histogram (OpenTelemetry names), the
 * database pool, live streams, the notification outbox (counted at scrape time), pushes, SMS, refused
 * logins, and Node's defaults (event-loop delay, CPU, memory, GC).
 */
export function createMetrics(sources: MetricsSources): RequestMetrics {
  const { database, live, outboxDepth, logger } = sources;
  const registry = new Registry();
  // Event-loop delay sampled every 100 ms: prom-client's default 10 ms timer alone cost ~9 ms of CPU a
  // second (measured), several per cent of a loaded server's requests; a stall still shows in full.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_RESOLUTION_MS });
  let lastUtilization = performance.eventLoopUtilization();
  new Gauge({
    name: 'portal_eventloop_utilization',
    help: 'Share of the time since the previous scrape the event loop was busy (0 to 1; near 1: saturated).',
    registers: [registry],
    aggregator: 'max',
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, lastUtilization).utilization);
      lastUtilization = now;
    },
  });
  // A node:cluster worker answers the primary's requests with this registry (serveClusterMetrics sums them).
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    // Constructing one is what makes a worker listen for the primary's requests.
    new AggregatorRegistry();
  }

  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration).',
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // One child per label set, found by one string key: the hot path does no label hashing.
  const children = new Map<string, ReturnType<typeof duration.labels>>();

  if (database.poolStats) poolGauges(registry, database.poolStats);
  new Gauge({
    name: 'portal_database_up',
    help: 'Whether the database answered a ping at this scrape (1) or not within 2 s (0).',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      const up = await withTimeout(database.ping(), DATABASE_TIMEOUT_MS).then(
        () => 1,
        () => 0,
      );
      this.set(up);
    },
  });
  new Gauge({
    name: 'portal_live_streams',
    help: 'Live-event streams (GET /api/live) open in this process.',
    registers: [registry],
    collect() {
      this.set(live.streamCount);
    },
  });
  new Gauge({
    name: 'portal_notification_outbox_messages',
    help: 'Notifications waiting in the outbox by state (pending: not due yet, due: overdue, sending: claimed); each count stops at 10000.',
    labelNames: ['state'],
    registers: [registry],
    // Every worker counts the same table: across a cluster the figure is one, not their sum.
    aggregator: 'max',
    async collect() {
      try {
        const depth = await withTimeout(outboxDepth(), DATABASE_TIMEOUT_MS);
        for (const state of OUTBOX_STATES) this.set({ state }, depth[state]);
      } catch (error) {
        // No figure is better than a stale one: the series vanish while the database is away.
        this.reset();
        logger.debug('metrics.outbox_unavailable', { error: (error as Error).message });
      }
    },
  });

  const pushes = counter(
    registry,
    'portal_push_deliveries_total',
    'Web Push deliveries by outcome (delivered, gone, refused, failed).',
    'outcome',
    PUSH_OUTCOMES,
  );
  const sms = counter(
    registry,
    'portal_sms_messages_total',
    'SMS handed to the sender, by outcome.',
    'outcome',
    SMS_OUTCOMES,
  );
  const loginFailures = counter(
    registry,
    'portal_login_failures_total',
    'Wrong passwords and codes at the login, by step.',
    'step',
    LOGIN_STEPS,
  );
  const lockouts = counter(
    registry,
    'portal_login_lockouts_total',
    'Attempts refused because the username or address reached its failure limit, by form.',
    'scope',
    LOCKOUT_SCOPES,
  );
  const uninstall = recordOperationalEvents({
    loginFailed: (step) => loginFailures.inc({ step }),
    lockedOut: (scope) => lockouts.inc({ scope }),
    pushDelivery: (outcome) => pushes.inc({ outcome }),
    sms: (outcome) => sms.inc({ outcome }),
  });

  return {
    observe(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels(method, route, String(status));
        children.set(key, child);
      }
      child.observe(seconds);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    stop() {
      uninstall();
      registry.clear();
    },
  };
}
