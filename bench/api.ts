/**
 * The hot routes against a same-shape bare route in the same run: the portal (its own
 * process, PostgreSQL, DPoP on as it runs by default) and bench/reference.ts (its own process, same
 * database, same token, same SQL, same JSON), loaded from this third process with a fresh DPoP proof per
 * request. Prints req/s, p50/p99, the ratio, server CPU per request (/proc of the server process) and
 * PostgreSQL CPU per request (/proc of the database's backends, when readable). BENCH_API_ROUNDS rounds
 * (default 3), alternating which server goes first, then the medians and ranges. BENCH_BASELINE_DIR: a
 * checkout of another version (with its node_modules) served too, on the same database: a before/after.
 * BENCH_METRICS=1: the portal a second time with METRICS_PORT set (scraped every 5 s while loaded), on the
 * same database: the metrics' CPU per request against the portal without them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { type DpopKey, dpopKey, dpopProof } from '../server/test/idp';
import { type Figures, type Round, ratioLine, spread, summarize } from './api-figures';
import { type PacedResult, paced } from './api-paced';
import { load } from './load';
import { signIn } from './login';
import { spawnBenchServer, startBenchServer } from './server';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const TICK_MS = 10; // USER_HZ is 100 on Linux
/** Measured rounds per route, each server once per round (BENCH_API_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
/** Offered rate of the open-loop run after the rounds (BENCH_API_RATE, req/s; 0: none). */
const RATE = Number(process.env.BENCH_API_RATE ?? 100);

/** utime + stime of a process, in ms; 0 when it is gone or unreadable. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * CPU of the PostgreSQL backends connected to one database. Only backends alive at the end count: an
 * idle pool connection closed meanwhile (pg's 10 s idle timeout) would otherwise subtract its past.
 */
function postgresCpu(admin: pg.Client, database: string) {
  const pids = async (): Promise<number[]> =>
    (
      await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])
    ).rows.map((row) => row.pid);
  let before = new Map<number, number>();
  return {
    async start(): Promise<void> {
      before = new Map((await pids()).map((pid) => [pid, cpuMs(pid)]));
    },
    async stop(): Promise<number> {
      let total = 0;
      for (const pid of await pids()) total += Math.max(0, cpuMs(pid) - (before.get(pid) ?? 0));
      return total;
    },
  };
}

/** Proofs signed ahead of a run, so the load process spends its CPU on the requests; more on demand. */
async function proofSource(
  key: DpopKey,
  token: string,
  url: string,
  count: number,
): Promise<() => HeadersInit> {
  const htu = url.split('?')[0] ?? url;
  const sign = () => dpopProof(key, { htm: 'GET', htu, accessToken: token });
  const ready = await Promise.all(Array.from({ length: count }, sign));
  const extra: string[] = [];
  return () => {
    const proof = ready.pop() ?? extra.pop();
    if (ready.length === 0 && extra.length < 50)
      void Promise.all(Array.from({ length: 200 }, sign)).then((more) => extra.push(...more));
    if (!proof) throw new Error('out of DPoP proofs');
    return { Authorization: `DPoP ${token}`, DPoP: proof, 'Accept-Language': 'it-IT' };
  };
}

/** Scrapes `/metrics` every 5 s (Prometheus's default is 15 s to 1 min), as a scraper would, until stopped. */
function scraping(metricsUrl: string | null): () => void {
  if (!metricsUrl) return () => {};
  const timer = setInterval(() => {
    void fetch(metricsUrl).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
  }, 5_000);
  return () => clearInterval(timer);
}

async function measure(
  label: string,
  url: string,
  pid: number,
  headers: () => HeadersInit,
  pgCpu: ReturnType<typeof postgresCpu>,
  metricsUrl: string | null = null,
) {
  let serverStart = 0;
  let serverCpu = 0;
  let postgres = 0;
  let stopScraping = () => {};
  const result = await load(label, url, headers, CONNECTIONS, SECONDS, {
    before: async () => {
      await pgCpu.start();
      serverStart = cpuMs(pid);
      stopScraping = scraping(metricsUrl);
    },
    after: async () => {
      stopScraping();
      serverCpu = cpuMs(pid) - serverStart;
      postgres = await pgCpu.stop();
    },
  });
  const per = (value: number) => (value / Math.max(1, result.requests)).toFixed(2);
  console.log(`  server CPU ${per(serverCpu)} ms/request, PostgreSQL CPU ${per(postgres)} ms/request`);
  return {
    ...result,
    serverCpu: serverCpu / result.requests,
    postgresCpu: postgres / result.requests,
  } satisfies Figures;
}

async function startReference(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_REFERENCE_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the reference.
  const nodeArgs = (process.env.BENCH_REFERENCE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/reference.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: base },
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await (await fetch(`${base}/nothing`)).arrayBuffer();
      return { child, base };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('reference server not ready');
}

export async function apiBench(databaseUrl: string): Promise<void> {
  const portal = await startBenchServer(databaseUrl, DOCS, { dpop: true });
  const discovery = (await (await fetch(`${portal.base}/idp/.well-known/openid-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  const reference = await startReference({
    DATABASE_URL: portal.location,
    ISSUER: discovery.issuer,
    AUDIENCE: `${portal.base}/api`,
    JWKS_URL: discovery.jwks_uri,
  });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const database = new URL(portal.location).pathname.slice(1);
  const pgCpu = postgresCpu(admin, database);
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log(
      `\n# hot routes vs a bare Hono + node-postgres + jose route, PostgreSQL, DPoP on, c=${CONNECTIONS}, ${SECONDS} s each (${DOCS} documents)`,
    );
    const key = await dpopKey();
    const token = await signIn(portal.base, 'mario.rossi', DEMO_PASSWORD, key);
    // BENCH_BASELINE_DIR: another checkout (e.g. main, with node_modules) served on the same database, for
    // a before/after in one run.
    const baselineDir = process.env.BENCH_BASELINE_DIR;
    const baseline = baselineDir
      ? await spawnBenchServer(portal.location, { dpop: true, cwd: baselineDir })
      : null;
    stops.push(async () => baseline?.stop());
    const withMetrics =
      process.env.BENCH_METRICS === '1'
        ? await spawnBenchServer(portal.location, { dpop: true, metrics: true })
        : null;
    stops.push(async () => withMetrics?.stop());
    const targets: { label: string; base: string; pid: number; token: string; metricsUrl?: string | null }[] =
      [
        { label: 'portal', base: portal.base, pid: portal.pid, token },
        ...(withMetrics
          ? [
              {
                label: 'metrics',
                base: withMetrics.base,
                pid: withMetrics.pid,
                metricsUrl: withMetrics.metricsUrl,
                token: await signIn(withMetrics.base, 'mario.rossi', DEMO_PASSWORD, key),
              },
            ]
          : []),
        ...(baseline
          ? [
              {
                label: 'baseline',
                base: baseline.base,
                pid: baseline.pid,
                token: await signIn(baseline.base, 'mario.rossi', DEMO_PASSWORD, key),
              },
            ]
          : []),
        { label: 'reference', base: reference.base, pid: reference.child.pid ?? 0, token },
      ];
    const routes = [
      {
        key: 'documents',
        name: 'GET /api/documents?max=20',
        path: `/api/documents?patientId=${portal.patientId}&max=20`,
      },
      { key: 'me', name: 'GET /api/me (patient)', path: '/api/me' },
    ];
    // BENCH_API_ROUTES=me (or documents): one route only, e.g. to profile it.
    const only = process.env.BENCH_API_ROUTES;
    const picked = routes.filter((route) => !only || route.key === only);
    // Enough proofs signed ahead for the fastest server (about 750 req/s on /me here): running out would count
    // as failures and stall the load process while it signs more.
    const expected = Math.ceil((SECONDS + 1) * 1_500);
    for (const route of picked) {
      const bodies: unknown[] = [];
      for (const target of targets) {
        const headers = await proofSource(key, target.token, `${target.base}${route.path}`, 1);
        const response = await fetch(`${target.base}${route.path}`, { headers: headers() });
        if (!response.ok) throw new Error(`${target.base}${route.path} answers ${response.status}`);
        bodies.push(await response.json());
      }
      const same = bodies.every((body) => isDeepStrictEqual(body, bodies[0]));
      console.log(`${route.name}: same JSON from all: ${same ? 'yes' : 'NO'}`);
      // Each round starts with the next server, so that a shared machine's drift falls on all of them.
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = targets.map((_, index) => targets[(index + round) % targets.length] ?? targets[0]);
        const figures: Round = new Map();
        for (const target of order) {
          if (!target) continue;
          const url = `${target.base}${route.path}`;
          const source = await proofSource(key, target.token, url, expected);
          figures.set(
            target.label,
            await measure(`  ${target.label}`, url, target.pid, source, pgCpu, target.metricsUrl ?? null),
          );
        }
        console.log(`  ${ratioLine(figures, 'portal', 'reference')}`);
        rounds.push(figures);
      }
      const pairs: [string, string][] = baseline
        ? [
            ['portal', 'reference'],
            ['baseline', 'reference'],
            ['portal', 'baseline'],
          ]
        : [['portal', 'reference']];
      if (withMetrics) pairs.push(['metrics', 'portal']);
      if (ROUNDS > 1)
        summarize(
          rounds,
          targets.map((target) => target.label),
          pairs,
        );
      // The same servers at an offered rate below what they sustain: the latency a user sees under load.
      // Rounds rotate the order too: whoever runs first meets the database's aftermath of the load above.
      const pacedRuns = new Map<string, PacedResult[]>();
      for (let round = 0; RATE > 0 && round < ROUNDS; round++) {
        for (const target of targets.map((_, index) => targets[(index + round) % targets.length])) {
          if (!target) continue;
          const url = `${target.base}${route.path}`;
          const source = await proofSource(key, target.token, url, Math.ceil(RATE * SECONDS) + 50);
          const result = await paced(url, source, RATE, CONNECTIONS, SECONDS);
          pacedRuns.set(target.label, [...(pacedRuns.get(target.label) ?? []), result]);
        }
      }
      for (const [label, runs] of pacedRuns) {
        const of = (pick: (run: PacedResult) => number) => spread(runs.map(pick), 1);
        console.log(
          `  ${label.padEnd(9)} at ${RATE} req/s offered (open loop, c=${CONNECTIONS}, median of ${runs.length}): p50 ${of((run) => run.p50)} ms, p95 ${of((run) => run.p95)} ms, p99 ${of((run) => run.p99)} ms, ${runs.reduce((sum, run) => sum + run.failures, 0)} failed`,
        );
      }
    }
  } finally {
    await admin.end();
    for (const stop of stops) await stop();
    const referenceExited = new Promise((resolve) => reference.child.once('exit', resolve));
    reference.child.kill('SIGTERM');
    await Promise.all([referenceExited, portal.stop()]);
  }
}
