/**
 * API benchmark. Run: npm run bench (about a minute on PGlite alone).
 * 1. In-process latencies through the real app on PGlite (and PostgreSQL when DATABASE_URL is set).
 * 2. Over a real socket: the server runs as its own process (`tsx server/main.ts`, see bench-socket.ts)
 *    and this process drives `GET /documents` for a patient with BENCH_DOCS documents, at each of
 *    BENCH_CONNECTIONS, for BENCH_SECONDS each. Client and server share the cores, not an event loop.
 *    Meanwhile one `/healthz` at a time: what a liveness probe sees under that load (the server's
 *    MAX_IN_FLIGHT and REQUEST_TIMEOUT_MS apply; answers 503 are counted as shed).
 * 3. With BENCH_DATABASE_URL or DATABASE_URL: patient search over BENCH_PATIENTS patients on PostgreSQL,
 *    in a database of its own (`bench` beside DATABASE_URL's), seeded once by the scale generator.
 * 4. With DATABASE_URL: the hot routes against a same-shape bare route in the same run (bench-api.ts).
 * 5. Lighthouse on the production build in dist/ (first visit, logged-in warm start; scripts/lighthouse.ts, also
 *    `npm run bench:lighthouse` alone).
 * BENCH_PARTS (default `process,socket,api,pdf,search,lighthouse`) picks the parts, e.g. `process` for the quick one.
 */
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { patients, users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';
import { staffPatientList, staffPatientSearch } from '../server/services/patients-lists';
import { checkPdf } from '../server/services/uploads/pdf-check';
import { pdfOfSize } from '../server/services/uploads/test-pdfs';
import type { MepiSearchQuery, PatientListQuery } from '../src/contract';
import { createTestContext, databaseTargets } from '../tests/support/test-app';
import { apiBench } from './bench-api';
import { report } from './bench-load';
import { socketBench } from './bench-socket';
import { lighthouseBench } from './lighthouse';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'process,socket,api,pdf,search,lighthouse').split(','));

async function measure(label: string, run: () => Response | Promise<Response>): Promise<void> {
  for (let warm = 0; warm < 20; warm++) await (await run()).arrayBuffer();
  const durations: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    const response = await run();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: status ${response.status}`);
    durations.push(performance.now() - started);
  }
  report(label, durations);
}

for (const target of PARTS.has('process') ? databaseTargets : []) {
  console.log(`\n# ${target.name}, in process, ${ITERATIONS} requests each`);
  const ctx = await createTestContext(target.location);
  const physician = { Authorization: `Bearer ${await ctx.tokenFor('dott.ferrari')}` };
  const patient = { Authorization: `Bearer ${await ctx.tokenFor('mario.rossi')}` };
  const me = (await (await ctx.app.request('/api/me', { headers: patient })).json()) as { patientId: number };
  await measure('GET /api/me (patient)', () => ctx.app.request('/api/me', { headers: patient }));
  await measure('GET /api/patients/{id} (patient)', () =>
    ctx.app.request(`/api/patients/${me.patientId}`, { headers: patient }),
  );
  await measure('GET /api/patients?max=1 (probe)', () =>
    ctx.app.request('/api/patients?max=1', { headers: physician }),
  );
  await measure('GET /api/patients?max=20&surname=ro', () =>
    ctx.app.request('/api/patients?max=20&surname=ro', { headers: physician }),
  );
  // Issue 11: every list and search writes an audit row per patient it returns.
  await measure('GET /api/patients?max=100 (a full page)', () =>
    ctx.app.request('/api/patients?max=100', { headers: physician }),
  );
  await measure('GET /api/patients?favorites=true (my patients)', () =>
    ctx.app.request('/api/patients?favorites=true', { headers: physician }),
  );
  await measure('GET /api/patients/mepiSearch?fiscalCode=', () =>
    ctx.app.request('/api/patients/mepiSearch?fiscalCode=RSSMRA85T10F205R', { headers: physician }),
  );
  await measure('GET /api/patients/mepiSearch surname+name+birthDate', () =>
    ctx.app.request('/api/patients/mepiSearch?surname=Rossi&name=Mario&birthDate=1985-12-10', {
      headers: physician,
    }),
  );
  // Issue 5: a guest's list goes through the live-grant check and the shared-documents condition.
  const guest = { Authorization: `Bearer ${await ctx.tokenFor('ospite')}` };
  await measure('GET /api/documents?max=20 (guest, live grant)', () =>
    ctx.app.request(`/api/documents?patientId=${me.patientId}&max=20`, { headers: guest }),
  );
  await measure('GET /api/uploadedDocuments (physician)', () =>
    ctx.app.request('/api/uploadedDocuments', { headers: physician }),
  );
  await measure('GET /api/documentRequest/archive (patient)', () =>
    ctx.app.request(`/api/documentRequest/archive?patientId=${me.patientId}`, { headers: patient }),
  );
  await ctx.close();
}

const socketTargets = [
  { name: 'pglite', databaseUrl: null },
  ...(process.env.DATABASE_URL ? [{ name: 'postgresql', databaseUrl: process.env.DATABASE_URL }] : []),
];
for (const target of PARTS.has('socket') ? socketTargets : [])
  await socketBench(target.name, target.databaseUrl);

if (PARTS.has('api')) {
  if (process.env.DATABASE_URL) await apiBench(process.env.DATABASE_URL);
  else console.log('\n(hot routes against the bare reference: set DATABASE_URL)');
}

// The byte check of an upload at the 2 MB limit (header, end marker, strict pdf-lib parse).
if (PARTS.has('pdf')) {
  const largest = await pdfOfSize(2 * 1024 * 1024);
  const durations: number[] = [];
  for (let run = 0; run < 30; run++) {
    const started = performance.now();
    await checkPdf(largest);
    durations.push(performance.now() - started);
  }
  report('upload check of a 2 MB PDF (service call)', durations);
}

/** BENCH_DATABASE_URL as given, else DATABASE_URL's server with the database `bench`, created if absent. */
async function benchDatabaseUrl(): Promise<string | null> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) return null;
  const url = new URL(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'bench'");
  if (exists.rowCount === 0) await admin.query('create database bench');
  await admin.end();
  url.pathname = '/bench';
  return url.toString();
}

async function searchBench(location: string): Promise<void> {
  const database = await openDatabase(location);
  const { db } = database;
  await seedDemoData(db);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(patients);
  if (count < PATIENTS) {
    console.log(`\n# seeding ${PATIENTS - count} patients into the bench database (once)`);
    await seedScale(db, {
      patients: PATIENTS - count,
      docs: 0,
      onProgress: (line) => console.log(`  ${line}`),
    });
  }
  const [physician] = await db.select().from(users).where(eq(users.username, 'dott.ferrari'));
  if (!physician) throw new Error('seeded physician missing');
  const runs = Number(process.env.BENCH_SEARCH_ITERATIONS ?? 50);
  const GOAL_P95_MS = 100;
  const over: string[] = [];
  const time = async (
    label: string,
    run: () => Promise<{ paging: { totalCount: number } }>,
  ): Promise<void> => {
    let total = 0;
    for (let warm = 0; warm < 3; warm++) total = (await run()).paging.totalCount;
    const durations: number[] = [];
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      await run();
      durations.push(performance.now() - started);
    }
    report(label, durations, `  ${total} found`);
    const p95 = durations[Math.ceil(0.95 * durations.length) - 1] ?? 0; // report() sorted them
    if (p95 > GOAL_P95_MS) over.push(`${label} (${p95.toFixed(0)} ms)`);
  };
  // The audited calls the routes make (each writes an audit row per patient returned).
  const list = (query: Partial<PatientListQuery>) => (): ReturnType<typeof staffPatientList> =>
    staffPatientList(db, physician, { max: 20, offset: 0, ...query });
  const search = (query: Partial<MepiSearchQuery>) => (): ReturnType<typeof staffPatientSearch> =>
    staffPatientSearch(db, physician, { max: 20, offset: 0, ...query });
  console.log(
    `\n# patient search over ${Math.max(count, PATIENTS)} patients, PostgreSQL, ${runs} runs each (service calls)`,
  );
  await time('list max=1 (probe, count of all)', list({ max: 1 }));
  // Every form of the staff screen: the list's filters alone and together, and the three advanced searches.
  await time('list surname=r', list({ surname: 'r' }));
  await time('list surname=ro', list({ surname: 'ro' }));
  await time('list name=ma', list({ name: 'ma' }));
  await time('list surname=rossi name=mar', list({ surname: 'rossi', name: 'mar' }));
  await time('list surname=ro name=ma', list({ surname: 'ro', name: 'ma' }));
  await time('list surname=ro fiscalCode=RS', list({ surname: 'ro', fiscalCode: 'RS' }));
  await time('list name=ma fiscalCode=RS', list({ name: 'ma', fiscalCode: 'RS' }));
  await time('list birthDate=1985-12-10', list({ birthDate: '1985-12-10' }));
  await time('list surname=ro birthDate=1985-12-10', list({ surname: 'ro', birthDate: '1985-12-10' }));
  await time('list surname=zz (nothing found)', list({ surname: 'zz' }));
  await time('list fiscalCode=RS', list({ fiscalCode: 'RS' }));
  await time('list fiscalCode=RSSMRA85', list({ fiscalCode: 'RSSMRA85' }));
  await time('list positionStatus=deceased', list({ positionStatus: 'deceased' }));
  await time('list surname=ro offset=10000', list({ surname: 'ro', offset: 10_000 }));
  await time('mepiSearch fiscalCode (exact)', search({ fiscalCode: 'RSSMRA85T10F205R' }));
  await time(
    'mepiSearch surname+name+birthDate',
    search({ surname: 'Rossi', name: 'Mario', birthDate: '1985-12-10' }),
  );
  await time('mepiSearch identifier MPI', search({ identifierType: 'MPI', identifierValue: 'MPI-00100000' }));
  await time('list favorites=true (my patients)', list({ favorites: true }));
  console.log(
    over.length === 0
      ? `  every search form: p95 within ${GOAL_P95_MS} ms`
      : `  p95 over ${GOAL_P95_MS} ms: ${over.join(', ')}`,
  );
  const plan = await db.execute(
    sql`explain select mepi_id from patients where lower(surname) collate "C" like 'ro%' and not merged`,
  );
  const lines = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map(
    (row) => row['QUERY PLAN'],
  );
  console.log(
    `  plan of surname=ro: ${lines
      .filter((line) => /Scan/.test(line))
      .map((line) => line.trim())
      .join(' | ')}`,
  );
  await database.close();
}

const benchUrl = PARTS.has('search') ? await benchDatabaseUrl() : null;
if (benchUrl) await searchBench(benchUrl);
else if (PARTS.has('search'))
  console.log('\n(patient search over 1,000,000 patients: set BENCH_DATABASE_URL or DATABASE_URL)');

if (PARTS.has('lighthouse')) {
  if (existsSync('dist/index.html') || process.env.LIGHTHOUSE_DIST) await lighthouseBench();
  else console.log('\n(Lighthouse: run `npm run build` first)');
}
