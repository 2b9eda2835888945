/**
 * The portal as its own process (`tsx server/main.ts`), so the load generator never shares its event
 * loop: a seeded database of its own (a PGlite folder, or a PostgreSQL database beside DATABASE_URL),
 * a free port, LOG_LEVEL=warn and OIDC_DPOP=false (a supported configuration: bearer tokens from the
 * embedded IdP's real login flow are accepted), or DPoP on as the portal runs by default.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';

export interface BenchServer {
  base: string;
  /** The server process, to read its CPU time from /proc. */
  pid: number;
  /** The database it runs on (PostgreSQL URL or PGlite folder). */
  location: string;
  /** The patient whose dossier got the extra documents. */
  patientId: number;
  seedSeconds: number;
  stop(): Promise<void>;
}

/** What Node writes to stderr when an inspector session starts or ends. */
const INSPECTOR_NOTICE = /^(Debugger (listening|attached|ending)|For help, see: https:\/\/nodejs\.org)/;

/** A port nothing listens on now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database on DATABASE_URL's server: `bench_documents`, or BENCH_DOCUMENTS_DATABASE (so that two
 * runs on one server do not drop each other's).
 */
export async function freshPostgres(
  databaseUrl: string,
  name = process.env.BENCH_DOCUMENTS_DATABASE ?? 'bench_documents',
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database: not a plain name: ${name}`);
  const url = new URL(databaseUrl);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

async function seed(location: string, docs: number): Promise<{ patientId: number; seconds: number }> {
  const started = performance.now();
  const database = await openDatabase(location);
  await seedDemoData(database.db);
  const [owner] = await database.db
    .select({ patientId: users.patientId })
    .from(users)
    .where(eq(users.username, 'mario.rossi'));
  const patientId = owner?.patientId ?? 0;
  await seedScale(database.db, { patients: 0, docs, docsPatientId: patientId });
  await database.close();
  return { patientId, seconds: (performance.now() - started) / 1000 };
}

/** Resolves when `/readyz` answers 200; rejects when the process exits first or after `ms`. */
export async function waitUntilReady(base: string, child: ChildProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/readyz`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`bench server not ready after ${ms / 1000} s`);
}

/** The server process on an existing database, from `cwd` (another checkout, for an A/B in one run). */
export async function spawnBenchServer(
  location: string,
  options: {
    dpop?: boolean;
    cwd?: string;
    dataDir?: string | null;
    metrics?: boolean;
    /** Several processes behind one address share it (the issuer, the audience, DPoP's `htu`). */
    publicUrl?: string;
    /** More of the server's settings (MAX_LIVE_STREAMS …), over the bench's own. */
    env?: Record<string, string>;
    /** Node's own options for the server process (`--inspect=…`), before BENCH_SERVER_NODE_ARGS. */
    nodeArgs?: string[];
  } = {},
): Promise<Omit<BenchServer, 'patientId' | 'seedSeconds'> & { metricsUrl: string | null }> {
  const dataDir = options.dataDir ?? null;
  const port = await freePort();
  // metrics: the same server with METRICS_PORT set (BENCH_METRICS, the metrics' cost per request).
  const metricsPort = options.metrics ? await freePort() : null;
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the server.
  const inspected = options.nodeArgs?.some((arg) => arg.startsWith('--inspect')) ?? false;
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    // With an inspector, stderr is piped to drop Node's line at every session (the bench connects often).
    stdio: ['ignore', 'inherit', inspected ? 'pipe' : 'inherit'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrl ?? base,
      DATABASE_URL: dataDir ? '' : location,
      DATA_DIR: dataDir ?? '',
      LOG_LEVEL: 'warn',
      OIDC_DPOP: options.dpop ? 'true' : 'false',
      OIDC_ISSUER: '',
      STATIC_DIR: path.join(tmpdir(), 'bench-no-static'),
      METRICS_PORT: metricsPort === null ? '' : String(metricsPort),
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      ...options.env,
    },
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    const kept = text.split('\n').filter((line) => line && !INSPECTOR_NOTICE.test(line));
    if (kept.length > 0) process.stderr.write(`${kept.join('\n')}\n`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilReady(base, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    base,
    pid: child.pid ?? 0,
    location,
    metricsUrl: metricsPort === null ? null : `http://127.0.0.1:${metricsPort}/metrics`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Seeds, starts the server and waits until it answers. `databaseUrl` null: PGlite in a temp folder. */
export async function startBenchServer(
  databaseUrl: string | null,
  docs: number,
  options: { dpop?: boolean } = {},
): Promise<BenchServer> {
  const dataDir = databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  const location = databaseUrl ? await freshPostgres(databaseUrl) : (dataDir ?? '');
  const { patientId, seconds } = await seed(location, docs);
  const server = await spawnBenchServer(location, { ...options, dataDir });
  return {
    ...server,
    patientId,
    seedSeconds: seconds,
    stop: async () => {
      await server.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
