/**
 * The FHIR series an app reads for a trend: `GET /fhir/Observation?patient=…&code=…` over ten years of
 * monthly values (120 results, each from a report of its own, plus a year of the patient's own weekly
 * readings of the same code). In process beside the document list (a page of 20, and one as long as the
 * series: what a row costs on each path); then over a socket against the document list's budget, p99 ≤ 50 ms
 * (bench/fhir-socket.ts), which decides the run's exit code. Also `npm run bench` part `fhir`.
 */
import { eq } from 'drizzle-orm';
import { documents, documentTypes, observations, patientReadings, units, users } from '../server/db/schema';
import { flags } from '../server/test/fixtures/obscuring';
import { createTestContext, databaseTargets } from '../tests/support/test-app';
import { fhirSocketBench } from './fhir-socket';
import { percentile, report } from './load';

const MONTHS = 120;
const WEEKS = 52;
const SERIES_LENGTH = MONTHS + WEEKS;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);

async function timings(run: () => Response | Promise<Response>): Promise<number[]> {
  for (let warm = 0; warm < 20; warm++) await (await run()).arrayBuffer();
  const durations: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const started = performance.now();
    const response = await run();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`status ${response.status}`);
    durations.push(performance.now() - started);
  }
  return durations;
}

export async function fhirBench(): Promise<void> {
  for (const target of databaseTargets) {
    console.log(
      `\n# FHIR series on ${target.name}: ${MONTHS} monthly glucose results + ${WEEKS} own readings`,
    );
    const ctx = await createTestContext(target.location);
    const headers = { Authorization: `Bearer ${await ctx.tokenFor('mario.rossi')}` };
    const { patientId } = (await (await ctx.app.request('/api/me', { headers })).json()) as {
      patientId: number;
    };
    const [unit] = await ctx.db.select({ id: units.id }).from(units).limit(1);
    const [type] = await ctx.db
      .select({ code: documentTypes.code })
      .from(documentTypes)
      .where(eq(documentTypes.viewableByPatient, true))
      .limit(1);
    const [author] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'mario.rossi'));
    const start = Date.UTC(2016, 0, 15);
    for (let month = 0; month < MONTHS; month++) {
      const at = new Date(start + month * 30.44 * 86_400_000);
      const [report] = await ctx.db
        .insert(documents)
        .values({
          patientId,
          documentTypeCode: type?.code ?? '',
          provenanceUnitId: unit?.id ?? 0,
          locationCode: 'O',
          title: `Esami ${at.toISOString().slice(0, 7)}`,
          createdAt: at,
          obscuring: flags(),
          authorName: 'Laboratorio analisi',
          content: {},
        })
        .returning({ id: documents.id });
      await ctx.db.insert(observations).values({
        patientId,
        documentId: report?.id ?? null,
        loincCode: '2339-0',
        displayIt: 'Glucosio',
        displayEn: 'Glucose',
        value: 90 + (month % 17),
        unit: 'mg/dL',
        unitDisplay: 'mg/dL',
        referenceLow: 70,
        referenceHigh: 99,
        effectiveAt: at,
      });
    }
    await ctx.db.insert(patientReadings).values(
      Array.from({ length: WEEKS }, (_, week) => ({
        patientId,
        authorId: author?.id ?? 0,
        kind: 'glucose',
        takenAt: new Date(Date.now() - week * 7 * 86_400_000),
        value: 95 + (week % 9),
      })),
    );
    const series = await timings(() =>
      ctx.app.request(`/fhir/Observation?patient=${patientId}&code=http://loinc.org|2339-0&_count=200`, {
        headers,
      }),
    );
    const list = await timings(() =>
      ctx.app.request(`/api/documents?patientId=${patientId}&max=20`, { headers }),
    );
    // The same number of entries from the document list: what one row costs on each path.
    const sameLength = await timings(() =>
      ctx.app.request(`/api/documents?patientId=${patientId}&max=${SERIES_LENGTH}`, { headers }),
    );
    report(`GET /fhir/Observation?patient&code (${SERIES_LENGTH} values)`, series);
    report('GET /api/documents?max=20 (same run)', list);
    report(`GET /api/documents?max=${SERIES_LENGTH} (same run)`, sameLength);
    const perRow = percentile(series, 95) / percentile(sameLength, 95);
    console.log(`series p95 / list of ${SERIES_LENGTH} p95: ${perRow.toFixed(2)}`);
    const ratio = percentile(series, 95) / percentile(list, 95);
    console.log(`series p95 / list of 20 p95: ${ratio.toFixed(2)}`);
    await ctx.close();
  }
}

/** Both parts: in process (PGlite, and PostgreSQL with DATABASE_URL), then over a socket on PostgreSQL. */
export async function fhirBenches(): Promise<boolean> {
  await fhirBench();
  if (!process.env.DATABASE_URL) {
    console.log('\n(the FHIR series over a socket against the budget: set DATABASE_URL)');
    return true;
  }
  return fhirSocketBench(process.env.DATABASE_URL);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await fhirBenches()) ? 0 : 1;
