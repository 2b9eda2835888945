/**
 * Patient search over BENCH_PATIENTS (default 1,000,000) patients on PostgreSQL: every form of the staff
 * screen (the list's filters alone and together, a project's participation filters, "my patients", the
 * three advanced searches) through the audited service calls the routes make, one call at a time.
 * Alone: `npm run bench:search` (DATABASE_URL or BENCH_DATABASE_URL set); also the `search` part of
 * `npm run bench`. BENCH_SEARCH_ITERATIONS runs per form (50); BENCH_SEARCH_ONLY=<text> keeps the forms
 * whose label contains it.
 */
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { patients, projects, users } from '../server/db/schema';
import { seedDemoData } from '../server/db/seed';
import { seedScale } from '../server/db/seed/scale';
import { staffPatientList, staffPatientSearch } from '../server/services/patients/lists';
import type { MepiSearchQuery, PatientListQuery } from '../src/contract';
import { report } from './load';

const GOAL_P95_MS = 100;
type Run = () => Promise<{ paging: { totalCount: number } }>;

/** BENCH_DATABASE_URL as given, else DATABASE_URL's server with the database `bench`, created if absent. */
export async function benchDatabaseUrl(): Promise<string | null> {
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

/** Every form of the screen, by label. `projectId`: a project the physician runs (participation). */
function formsOf(
  list: (query: Partial<PatientListQuery>) => Run,
  search: (query: Partial<MepiSearchQuery>) => Run,
  projectId: number,
): [string, Run][] {
  const inProject = (
    participation: PatientListQuery['participation'],
    more: Partial<PatientListQuery> = {},
  ) => list({ projectId, participation, ...more });
  return [
    ['list max=1 (probe, count of all)', list({ max: 1 })],
    ['list (first page, no filter)', list({})],
    ['list surname=r', list({ surname: 'r' })],
    ['list surname=ro', list({ surname: 'ro' })],
    ['list surname=rossi', list({ surname: 'rossi' })],
    ['list name=a', list({ name: 'a' })],
    ['list name=ma', list({ name: 'ma' })],
    ['list surname=r name=a', list({ surname: 'r', name: 'a' })],
    ['list surname=ro name=ma', list({ surname: 'ro', name: 'ma' })],
    ['list surname=rossi name=mar', list({ surname: 'rossi', name: 'mar' })],
    ['list fiscalCode=R', list({ fiscalCode: 'R' })],
    ['list fiscalCode=RS', list({ fiscalCode: 'RS' })],
    ['list fiscalCode=RSS', list({ fiscalCode: 'RSS' })],
    ['list fiscalCode=RSSM', list({ fiscalCode: 'RSSM' })],
    ['list fiscalCode=RSSMRA85', list({ fiscalCode: 'RSSMRA85' })],
    ['list surname=ro fiscalCode=RS', list({ surname: 'ro', fiscalCode: 'RS' })],
    ['list name=ma fiscalCode=RS', list({ name: 'ma', fiscalCode: 'RS' })],
    ['list name=a fiscalCode=R', list({ name: 'a', fiscalCode: 'R' })],
    ['list birthDate=1985-12-10', list({ birthDate: '1985-12-10' })],
    ['list surname=ro birthDate=1985-12-10', list({ surname: 'ro', birthDate: '1985-12-10' })],
    ['list surname=zz (nothing found)', list({ surname: 'zz' })],
    ['list positionStatus=deceased', list({ positionStatus: 'deceased' })],
    ['list positionStatus=deceased surname=r', list({ positionStatus: 'deceased', surname: 'r' })],
    ['list positionStatus=merged', list({ positionStatus: 'merged' })],
    ['list surname=ro offset=10000', list({ surname: 'ro', offset: 10_000 })],
    ['list max=100 surname=r', list({ max: 100, surname: 'r' })],
    ['list favorites=true (my patients)', list({ favorites: true })],
    ['list favorites=true surname=r', list({ favorites: true, surname: 'r' })],
    ['list participation=participants', inProject('participants')],
    ['list participation=toValidate', inProject('toValidate')],
    ['list participation=invited', inProject('invited')],
    ['list participation=neither', inProject('neither')],
    ['list participation=neither surname=r', inProject('neither', { surname: 'r' })],
    ['list participation=neither fiscalCode=RS', inProject('neither', { fiscalCode: 'RS' })],
    ['mepiSearch fiscalCode (exact)', search({ fiscalCode: 'RSSMRA85T10F205R' })],
    [
      'mepiSearch surname+name+birthDate',
      search({ surname: 'Rossi', name: 'Mario', birthDate: '1985-12-10' }),
    ],
    ['mepiSearch identifier MPI', search({ identifierType: 'MPI', identifierValue: 'MPI-00100000' })],
  ];
}

export async function searchBench(location: string): Promise<void> {
  const patientsWanted = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
  const database = await openDatabase(location);
  const { db } = database;
  await seedDemoData(db);
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(patients);
  if (count < patientsWanted) {
    console.log(`\n# seeding ${patientsWanted - count} patients into the bench database (once)`);
    await seedScale(db, {
      patients: patientsWanted - count,
      docs: 0,
      onProgress: (line) => console.log(`  ${line}`),
    });
  }
  const [physician] = await db.select().from(users).where(eq(users.username, 'dott.ferrari'));
  const [project] = await db.select().from(projects).where(eq(projects.code, 'CUORE'));
  if (!physician || !project) throw new Error('seeded physician or project missing');
  const runs = Number(process.env.BENCH_SEARCH_ITERATIONS ?? 50);
  const only = process.env.BENCH_SEARCH_ONLY;
  const over: string[] = [];
  const time = async (label: string, run: Run): Promise<void> => {
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
  const list =
    (query: Partial<PatientListQuery>): Run =>
    () =>
      staffPatientList(db, physician, { max: 20, offset: 0, ...query });
  const search =
    (query: Partial<MepiSearchQuery>): Run =>
    () =>
      staffPatientSearch(db, physician, { max: 20, offset: 0, ...query });
  console.log(
    `\n# patient search over ${Math.max(count, patientsWanted)} patients, PostgreSQL, ${runs} runs each (service calls)`,
  );
  for (const [label, run] of formsOf(list, search, project.id))
    if (!only || label.includes(only)) await time(label, run);
  console.log(
    over.length === 0
      ? `  every search form: p95 within ${GOAL_P95_MS} ms`
      : `  p95 over ${GOAL_P95_MS} ms: ${over.join(', ')}`,
  );
  await database.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = await benchDatabaseUrl();
  if (url) await searchBench(url);
  else console.log('(patient search over 1,000,000 patients: set BENCH_DATABASE_URL or DATABASE_URL)');
}
