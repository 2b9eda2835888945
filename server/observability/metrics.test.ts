import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { LoginRateLimit, MAX_FAILURES_PER_USERNAME } from '../auth/rate-limit';
import { loadConfig } from '../config';
import { notificationOutbox, users } from '../db/schema';
import { createMemoryLogger } from '../logger';
import { outboxDepth } from '../services/notify/outbox-depth';
import { recordOnlySender, sendSms } from '../services/sms/outbox';
import { type Observability, startObservability } from '.';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The value of one sample line, e.g. `name{a="b"}`, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics configuration', () => {
  it('is off by default: no metrics listener, no traces, the request listener untouched', async () => {
    const config = loadConfig({});
    expect(config.metricsPort).toBeNull();
    expect(config.otlpEndpoint).toBeNull();
    const observability = await startObservability(config, createMemoryLogger());
    await observability.startMetrics({
      database: {} as never,
      live: { streamCount: 0 },
      outboxDepth: async () => ({ pending: 0, due: 0, sending: 0 }),
    });
    const listener = () => {};
    expect(observability.wrap(listener)).toBe(listener);
    expect(observability.metricsAddress).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });
});

describe.each(databaseTargets)('metrics on $name', ({ name, location }) => {
  let ctx: TestContext;
  let observability: Observability;
  let publicServer: Server;
  let base: string;
  let metricsUrl: string;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    observability = await startObservability({ metricsPort: 0, otlpEndpoint: null }, createMemoryLogger());
    await observability.startMetrics({
      database: ctx.database,
      live: ctx.live,
      outboxDepth: () => outboxDepth(ctx.db),
    });
    const address = observability.metricsAddress;
    metricsUrl = `http://127.0.0.1:${address?.port}/metrics`;
    publicServer = createServer(observability.wrap(getRequestListener(ctx.app.fetch)));
    base = await listen(publicServer);
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => publicServer?.close(resolve));
    await observability?.stop();
    await ctx?.close();
  });

  const scrape = async (): Promise<string> => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
    return response.text();
  };

  it('listens on 127.0.0.1 only, and the public port has no /metrics', async () => {
    expect(observability.metricsAddress?.address).toBe('127.0.0.1');
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const port = observability.metricsAddress?.port ?? 0;
    // Another address of this machine, when it has one, is refused.
    const other = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === 'IPv4');
    if (other) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(port, other.address);
        socket.once('connect', () => resolve(socket.destroy() && false));
        socket.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    }
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('labels requests with the route template, never a raw id', async () => {
    const token = await ctx.tokenFor('mario.rossi');
    const headers = { Authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { patientId: number };
    for (let i = 0; i < 2; i++)
      expect((await fetch(`${base}/api/patients/${me.patientId}`, { headers })).status).toBe(200);
    const series = (route: string, status: number) =>
      `http_server_request_duration_seconds_count{http_request_method="GET",http_route="${route}",http_response_status_code="${status}"}`;
    const unmatchedBefore = sample(await scrape(), series('unmatched', 404)) ?? 0;
    expect((await fetch(`${base}/api/no/such/8812345`, { headers })).status).toBe(404);
    const text = await scrape();
    expect(sample(text, series('/api/patients/:id', 200))).toBe(2);
    expect(sample(text, series('/api/me', 200))).toBe(1);
    expect(sample(text, series('unmatched', 404))).toBe(unmatchedBefore + 1);
    expect(text).toContain('http_server_request_duration_seconds_bucket{le="0.005",');
    expect(text).not.toContain(`/api/patients/${me.patientId}`);
    expect(text).not.toContain('8812345');
  });

  it('holds the pool, live streams, outbox depth, event-loop delay and the operational counters', async () => {
    const [mario] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'mario.rossi'));
    const userId = mario?.id ?? 0;
    const now = Date.now();
    const row = { userId, event: 'DOCUMENT_NEW', link: '/dossier', createdAt: new Date(now) };
    await ctx.db.insert(notificationOutbox).values([
      { ...row, dueAt: new Date(now + 3600_000) },
      { ...row, dueAt: new Date(now - 60_000) },
      { ...row, dueAt: new Date(now - 60_000) },
      { ...row, dueAt: new Date(now - 60_000), status: 'SENDING' },
    ]);
    // A username past its failure limit: the next attempt is a lockout.
    const limiter = new LoginRateLimit(ctx.db);
    for (let attempt = 0; attempt < MAX_FAILURES_PER_USERNAME; attempt++)
      expect(await limiter.tryAttempt('metrics.probe', '192.0.2.7')).toBe(true);
    expect(await limiter.tryAttempt('metrics.probe', '192.0.2.7')).toBe(false);
    await sendSms(ctx.db, recordOnlySender, { userId, to: '+393330000000', body: 'x', purpose: 'test' });

    const text = await scrape();
    expect(sample(text, 'portal_notification_outbox_messages{state="pending"}')).toBe(1);
    expect(sample(text, 'portal_notification_outbox_messages{state="due"}')).toBe(2);
    expect(sample(text, 'portal_notification_outbox_messages{state="sending"}')).toBe(1);
    expect(sample(text, 'portal_login_lockouts_total{scope="login"}')).toBe(1);
    expect(sample(text, 'portal_login_failures_total{step="password"}')).toBe(0);
    expect(sample(text, 'portal_sms_messages_total{outcome="sent"}')).toBe(1);
    expect(sample(text, 'portal_push_deliveries_total{outcome="delivered"}')).toBe(0);
    expect(sample(text, 'portal_live_streams')).toBe(0);
    expect(sample(text, 'portal_database_up')).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    const utilization = sample(text, 'portal_eventloop_utilization') ?? -1;
    expect(utilization).toBeGreaterThan(0);
    expect(utilization).toBeLessThanOrEqual(1);
    if (name === 'postgresql') {
      expect(
        sample(text, 'db_client_connection_count{db_client_connection_state="used"}'),
      ).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_client_connection_count{db_client_connection_state="idle"}')).toBeGreaterThan(
        0,
      );
      expect(sample(text, 'db_client_connection_pending_requests')).toBe(0);
      expect(sample(text, 'db_client_connection_max')).toBe(10);
    } else expect(text).not.toContain('db_client_connection');
  });

  it('says the database is down, and drops the outbox figures, when it does not answer', async () => {
    const gone = await createTestContext(location);
    const own = await startObservability({ metricsPort: 0, otlpEndpoint: null }, createMemoryLogger());
    await own.startMetrics({
      database: gone.database,
      live: gone.live,
      outboxDepth: () => outboxDepth(gone.db),
    });
    await gone.close();
    const response = await fetch(`http://127.0.0.1:${own.metricsAddress?.port}/metrics`);
    const text = await response.text();
    await own.stop();
    expect(response.status).toBe(200);
    expect(sample(text, 'portal_database_up')).toBe(0);
    expect(text).not.toContain('portal_notification_outbox_messages{');
  }, 30_000);
});
