/**
 * `npm run bench:live` (issue 30 §4, "ten thousand open phones"): BENCH_LIVE_STREAMS (10,000) live streams
 * with real DPoP-bound tokens from the embedded IdP's login flow, first all on one process, then spread
 * round-robin over three other processes sharing PostgreSQL (DATABASE_URL's server, a database of its own). For
 * each: RSS per stream, CPU at rest, the time one change takes to reach every stream, and the document
 * list's latency with and without the streams. Also `npm run bench` part `live` (off by default: minutes).
 * The client holds every stream itself: `ulimit -n` must exceed the streams (it is checked).
 */
import { execSync } from 'node:child_process';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts';
import { LIVE_STREAMS_PER_USER } from '../server/services/live/hub';
import { dpopKey } from '../server/test/idp';
import { runPhase } from './live-phase';
import { accountIds, type LiveUser, refreshAll, seedLiveDatabase, signInAccounts } from './live-setup';
import { closeAllStreams } from './live-streams';
import { signInTokens } from './login';
import { freePort, spawnBenchServer } from './server';

type BenchProcess = Awaited<ReturnType<typeof spawnBenchServer>> & { inspectPort: number };

const number = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const STREAMS = number('BENCH_LIVE_STREAMS', 10_000);
const PROCESSES = number('BENCH_LIVE_PROCESSES', 3);
const LOGINS = number('BENCH_LIVE_LOGINS', 8);
const settings = {
  openParallel: number('BENCH_LIVE_OPEN_PARALLEL', 50),
  // 30 s: one heartbeat round (every 25 s) falls inside the window.
  restSeconds: number('BENCH_LIVE_REST_SECONDS', 30),
  rounds: number('BENCH_LIVE_ROUNDS', 5),
  loadConnections: number('BENCH_LIVE_LOAD_CONNECTIONS', 20),
  loadSeconds: number('BENCH_LIVE_LOAD_SECONDS', 5),
  loadPairs: number('BENCH_LIVE_LOAD_PAIRS', 3),
};

function checkFileLimit(): void {
  const limit = Number(execSync('ulimit -n', { encoding: 'utf8', shell: '/bin/sh' }).trim());
  if (Number.isFinite(limit) && limit < STREAMS + 500)
    throw new Error(
      `ulimit -n is ${limit}: the bench holds ${STREAMS} sockets; raise it (ulimit -n ${STREAMS + 1000})`,
    );
}

export async function liveBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\n(live streams: set DATABASE_URL, three processes share PostgreSQL)');
    return;
  }
  checkFileLimit();
  const accountCount = Math.ceil(STREAMS / LIVE_STREAMS_PER_USER);
  const docs = number('BENCH_DOCS', 10_000);
  console.log(
    `\n# live streams: ${STREAMS} streams, ${accountCount} patient accounts, ${PROCESSES} processes on PostgreSQL`,
  );
  let started = performance.now();
  const { location, patientId } = await seedLiveDatabase(databaseUrl, accountCount, docs);
  console.log(
    `  seeded (demo data, ${docs} documents, ${accountCount} accounts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // Room for every stream on one process, and no per-address cap: the bench is one address.
  const env = { MAX_LIVE_STREAMS: String(STREAMS + 100), MAX_CONNECTIONS_PER_ADDRESS: '0' };
  started = performance.now();
  // The logins (and token refreshes) go to a process of their own: scrypt's buffers and the IdP's garbage
  // would otherwise sit in the RSS the streams are measured against. Each phase's processes are fresh.
  // Each with its inspector on a loopback port: the bench runs a full collection before reading the RSS.
  const spawn = async (publicUrl?: string): Promise<BenchProcess> => {
    const inspectPort = await freePort();
    const nodeArgs = [`--inspect=127.0.0.1:${inspectPort}`];
    const server = await spawnBenchServer(location, {
      dpop: true,
      env,
      nodeArgs,
      ...(publicUrl ? { publicUrl } : {}),
    });
    return { ...server, inspectPort };
  };
  const idp = await spawn();
  const servers = [idp];
  try {
    servers.push(...(await Promise.all(Array.from({ length: 1 + PROCESSES }, () => spawn(idp.base)))));
    console.log(
      `  ${servers.length} processes ready in ${((performance.now() - started) / 1000).toFixed(1)} s (1 for the logins, 1 + ${PROCESSES} for the phases)`,
    );
    started = performance.now();
    const ids = await accountIds(location);
    const accounts = await signInAccounts(idp.base, ids, LOGINS);
    const loginSeconds = (performance.now() - started) / 1000;
    console.log(
      `  ${accounts.length} logins (password, SMS code, DPoP token; ${LOGINS} at a time) in ${loginSeconds.toFixed(1)} s: ${(accounts.length / loginSeconds).toFixed(1)}/s`,
    );
    const readerKey = await dpopKey();
    const reader: LiveUser = {
      id: 0,
      username: 'mario.rossi',
      key: readerKey,
      tokens: await signInTokens(idp.base, 'mario.rossi', DEMO_PASSWORD, readerKey),
    };
    const database = await openDatabase(location);
    try {
      const phases = [
        { name: '1 process', servers: servers.slice(1, 2) },
        { name: `${PROCESSES} processes`, servers: servers.slice(2) },
      ];
      for (const phase of phases) {
        // Access tokens live 5 minutes: each phase (and each reopening of its streams) starts with fresh ones.
        const refresh = async (): Promise<void> => {
          const refreshing = performance.now();
          await refreshAll(idp.base, [...accounts, reader], LOGINS);
          console.log(`  tokens refreshed in ${((performance.now() - refreshing) / 1000).toFixed(1)} s`);
        };
        await refresh();
        await runPhase({
          ...phase,
          publicUrl: idp.base,
          accounts,
          perUser: LIVE_STREAMS_PER_USER,
          reader,
          patientId,
          db: database.db,
          refresh,
          settings,
        });
      }
    } finally {
      await database.close();
    }
  } finally {
    closeAllStreams();
    for (const server of servers) await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await liveBench();
