/**
 * The FHIR series an app reads for a trend: `GET /fhir/Observation?patient=…&code=…` over ten years of
 * monthly values (120 results, each from a report of its own, plus a year of the patient's own weekly
 * readings of the same code), against the document list's `GET /api/documents?max=20` in the same process
 * and run: the series is within the list's budget when its p95 is no higher. Also `npm run bench` part `fhir`.
 */
import { eq } from 'drizzle-orm';
import { documents, documentTypes, observations, patientReadings, units, users } from '../server/db/schema';
import { flags } from '../server/test/fixtures/obscuring';
import { createTestContext, databaseTargets } from '../tests/support/test-app';
import { percentile, report } from './load';

const MONTHS = 120;
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

export async function fhirBench(): Promise<boolean> {
  let within = true;
  for (const target of databaseTargets) {
    console.log(`\n# FHIR series on ${target.name}: ${MONTHS} monthly glucose results + 52 own readings`);
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
      Array.from({ length: 52 }, (_, week) => ({
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
    report('GET /fhir/Observation?patient&code (172 values)', series);
    report('GET /api/documents?max=20 (same run)', list);
    const ratio = percentile(series, 95) / percentile(list, 95);
    console.log(`series p95 / list p95: ${ratio.toFixed(2)} (${ratio <= 1 ? 'within' : 'over'} the budget)`);
    within &&= ratio <= 1;
    await ctx.close();
  }
  return within;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await fhirBench()) ? 0 : 1;
