/**
 * The hot routes against a same-shape bare route in the same run (issue 16): the portal (its own
 * process, PostgreSQL, DPoP on as it runs by default) and bench-reference.ts (its own process, same
 * database, same token, same SQL, same JSON), loaded from this third process with a fresh DPoP proof per
 * request. Prints req/s, p50/p99, the ratio, server CPU per request (/proc of the server process) and
 * PostgreSQL CPU per request (/proc of the database's backends, when readable). BENCH_API_ROUNDS rounds
 * (default 3), alternating which server goes first, then the medians and ranges.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { type DpopKey, dpopKey, dpopProof } from '../server/test/idp';
import { type LoadResult, load } from './bench-load';
import { signIn } from './bench-login';
import { startBenchServer } from './bench-server';

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const TICK_MS = 10; // USER_HZ is 100 on Linux
/** Measured rounds per route, each server once per round (BENCH_API_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);

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

interface Figures extends LoadResult {
  serverCpu: number;
  postgresCpu: number | null;
}

async function measure(
  label: string,
  url: string,
  pid: number,
  headers: () => HeadersInit,
  pgCpu: ReturnType<typeof postgresCpu>,
) {
  let serverStart = 0;
  let serverCpu = 0;
  let postgres = 0;
  const result = await load(label, url, headers, CONNECTIONS, SECONDS, {
    before: async () => {
      await pgCpu.start();
      serverStart = cpuMs(pid);
    },
    after: async () => {
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

/** Median and range of one figure over the rounds. */
function spread(values: number[], digits = 2): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(middle)] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return `${median.toFixed(digits)} (${(sorted[0] ?? 0).toFixed(digits)}–${(sorted.at(-1) ?? 0).toFixed(digits)})`;
}

/**
 * Medians over the rounds. Closed loop: each connection waits for its answer, so the mean latency is
 * connections / rate whatever the server does; a p99 under 50 ms at 50 connections needs over 1,000 req/s.
 */
function summarize(rounds: [Figures, Figures][]): void {
  const of = (pick: (pair: [Figures, Figures]) => number, digits = 2) => spread(rounds.map(pick), digits);
  console.log(`  median (range) of ${rounds.length} rounds:`);
  for (const [index, label] of ['portal', 'reference'].entries()) {
    const side = (pair: [Figures, Figures]) => pair[index] as Figures;
    console.log(
      `    ${label.padEnd(9)} ${of((pair) => side(pair).rate, 0)} req/s, p99 ${of((pair) => side(pair).p99, 0)} ms, server CPU ${of((pair) => side(pair).serverCpu)} ms/request, PostgreSQL CPU ${of((pair) => side(pair).postgresCpu ?? 0)} ms/request`,
    );
  }
  console.log(
    `    portal/reference: ${of((pair) => (100 * pair[0].rate) / pair[1].rate, 0)} % of the req/s, ${of((pair) => pair[0].serverCpu / pair[1].serverCpu)} × the server CPU, ${of((pair) => (pair[0].postgresCpu ?? 0) / (pair[1].postgresCpu ?? 1))} × the PostgreSQL CPU`,
  );
}

async function startReference(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_REFERENCE_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the reference.
  const nodeArgs = (process.env.BENCH_REFERENCE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/bench-reference.ts'], {
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
  try {
    console.log(
      `\n# hot routes vs a bare Hono + node-postgres + jose route, PostgreSQL, DPoP on, c=${CONNECTIONS}, ${SECONDS} s each (${DOCS} documents)`,
    );
    const key = await dpopKey();
    const token = await signIn(portal.base, 'mario.rossi', DEMO_PASSWORD, key);
    const routes = [
      { name: 'GET /api/documents?max=20', path: `/api/documents?patientId=${portal.patientId}&max=20` },
      { name: 'GET /api/me (patient)', path: '/api/me' },
    ];
    // BENCH_API_ROUTES=me (or documents): one route only, e.g. to profile it.
    const only = process.env.BENCH_API_ROUTES;
    const picked = routes.filter((route) => !only || route.path.includes(only));
    const expected = Math.ceil((SECONDS + 1) * 800);
    for (const route of picked) {
      const bodies: unknown[] = [];
      for (const base of [portal.base, reference.base]) {
        const headers = await proofSource(key, token, `${base}${route.path}`, 1);
        const response = await fetch(`${base}${route.path}`, { headers: headers() });
        if (!response.ok) throw new Error(`${base}${route.path} answers ${response.status}`);
        bodies.push(await response.json());
      }
      console.log(
        `${route.name}: same JSON from both: ${isDeepStrictEqual(bodies[0], bodies[1]) ? 'yes' : 'NO'}`,
      );
      // Rounds alternate which server goes first, so that a shared machine's drift falls on both.
      const rounds: [Figures, Figures][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const servers = [
          ['portal', portal.base, portal.pid],
          ['reference', reference.base, reference.child.pid ?? 0],
        ] as const;
        const byLabel = new Map<string, Figures>();
        for (const [label, base, pid] of round % 2 === 0 ? servers : [...servers].reverse()) {
          const url = `${base}${route.path}`;
          const source = await proofSource(key, token, url, expected);
          byLabel.set(label, await measure(`  ${label}`, url, pid, source, pgCpu));
        }
        const pair = [byLabel.get('portal'), byLabel.get('reference')] as [Figures, Figures];
        const [mine, bare] = pair;
        console.log(
          `  ratio portal/reference: ${((100 * mine.rate) / bare.rate).toFixed(0)} % of the req/s, ${(mine.serverCpu / bare.serverCpu).toFixed(2)} × the server CPU`,
        );
        rounds.push(pair);
      }
      if (ROUNDS > 1) summarize(rounds);
    }
  } finally {
    await admin.end();
    const referenceExited = new Promise((resolve) => reference.child.once('exit', resolve));
    reference.child.kill('SIGTERM');
    await Promise.all([referenceExited, portal.stop()]);
  }
}
