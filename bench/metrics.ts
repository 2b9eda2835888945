/**
 * The metrics' own CPU, measured apart from the load (BENCH_PARTS=metrics): on a shared machine the
 * end-to-end A/B (BENCH_METRICS=1 with the api part) moves by more than the 3 % it must show. Three
 * figures, each alternated with its baseline in one process:
 * - per request: the real request wrapper and histogram (METRICS_PORT on) against the bare listener;
 * - per second: the process with prom-client's default collectors (event-loop delay, GC) against none;
 * - per scrape: one `/metrics` text of the real registry (the outbox's SQL runs in PostgreSQL, not here).
 * Then their sum as a share of a request's server CPU (BENCH_PORTAL_CPU_MS, the api part's figure).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Database } from '../server/db/client';
import { createMemoryLogger } from '../server/logger';
import { startObservability } from '../server/observability';
import { outboxDepth } from '../server/services/notify/outbox-depth';

const CALLS = Number(process.env.BENCH_METRICS_CALLS ?? 200_000);
const ROUNDS = 5;
const IDLE_SECONDS = Number(process.env.BENCH_METRICS_IDLE_SECONDS ?? 5);
/** Server CPU of one `GET /api/documents?max=20` on a quiet machine (decisions, 2026-11-24): 1.00 ms. */
const PORTAL_CPU_MS = Number(process.env.BENCH_PORTAL_CPU_MS ?? 1.0);
const SCRAPE_INTERVAL_SECONDS = 15;

const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** CPU µs of CALLS requests through `listener`, each answered (its `close`), over 30 routes and statuses. */
function perCall(listener: RequestListener): number {
  const started = cpuMicros();
  for (let call = 0; call < CALLS; call++) {
    const req = Object.assign(new EventEmitter(), { method: 'GET', url: `/api/area${call % 10}/12` });
    const res = Object.assign(new EventEmitter(), { statusCode: [200, 404, 403][call % 3] });
    listener(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    res.emit('close');
  }
  return (cpuMicros() - started) / CALLS;
}

async function idleCpuPerSecond(): Promise<number> {
  // Settle first: the garbage of the request rounds is collected in this pause, not in the measure.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = cpuMicros();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  return (cpuMicros() - started) / IDLE_SECONDS / 1000;
}

export async function metricsCostBench(): Promise<void> {
  console.log(`\n# metrics cost, in process (${CALLS} requests × ${ROUNDS} rounds, ${IDLE_SECONDS} s idle)`);
  const bare: RequestListener = () => {};
  const fakeDb = {
    execute: async () => ({ rows: [{ pending: 3, due: 1, sending: 0 }] }),
  } as unknown as Database;
  const idle = { off: [] as number[], on: [] as number[] };
  const requests = { off: [] as number[], on: [] as number[] };
  const scrapes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    requests.off.push(perCall(bare));
    if (round < 2) idle.off.push(await idleCpuPerSecond());
    const observability = await startObservability(
      { metricsPort: 0, otlpEndpoint: null },
      createMemoryLogger(),
    );
    await observability.startMetrics({
      database: {
        poolStats: () => ({ total: 10, idle: 7, waiting: 0, max: 10 }),
        ping: async () => {},
      },
      live: { streamCount: 12 },
      outboxDepth: () => outboxDepth(fakeDb),
    });
    const url = `http://127.0.0.1:${observability.metricsAddress?.port}/metrics`;
    requests.on.push(perCall(observability.wrap(bare)));
    if (round < 2) idle.on.push(await idleCpuPerSecond());
    // The first fetch of a process sets up its HTTP client: not a scrape's cost.
    await (await fetch(url)).text();
    for (let scrape = 0; scrape < 3; scrape++) {
      const started = cpuMicros();
      await (await fetch(url)).text();
      scrapes.push((cpuMicros() - started) / 1000);
    }
    await observability.stop();
  }
  const perRequestUs = median(requests.on) - median(requests.off);
  const perSecondMs = median(idle.on) - median(idle.off);
  const perScrapeMs = median(scrapes);
  console.log(
    `  per request: ${median(requests.off).toFixed(2)} µs off, ${median(requests.on).toFixed(2)} µs on: +${perRequestUs.toFixed(2)} µs`,
  );
  console.log(
    `  idle process: ${median(idle.off).toFixed(2)} ms CPU/s off, ${median(idle.on).toFixed(2)} ms CPU/s on; a scrape ${perScrapeMs.toFixed(2)} ms CPU (the client's share included)`,
  );
  for (const rate of [10, 100, 800]) {
    const backgroundUs = ((Math.max(0, perSecondMs) + perScrapeMs / SCRAPE_INTERVAL_SECONDS) * 1000) / rate;
    const share = (100 * (perRequestUs + backgroundUs)) / (PORTAL_CPU_MS * 1000);
    console.log(
      `  at ${rate} req/s, scraped every ${SCRAPE_INTERVAL_SECONDS} s: +${(perRequestUs + backgroundUs).toFixed(1)} µs per request = ${share.toFixed(2)} % of ${PORTAL_CPU_MS} ms`,
    );
  }
}
