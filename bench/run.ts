/**
 * API benchmark. Run: npm run bench (about a minute on PGlite alone).
 * 1. In-process latencies through the real app on PGlite (and PostgreSQL when DATABASE_URL is set).
 * 2. Over a real socket: the server runs as its own process (`tsx server/main.ts`, see bench/socket.ts)
 *    and this process drives `GET /documents` for a patient with BENCH_DOCS documents, at each of
 *    BENCH_CONNECTIONS, for BENCH_SECONDS each. Client and server share the cores, not an event loop.
 *    Meanwhile one `/healthz` at a time: what a liveness probe sees under that load (the server's
 *    MAX_IN_FLIGHT and REQUEST_TIMEOUT_MS apply; answers 503 are counted as shed).
 * 3. With BENCH_DATABASE_URL or DATABASE_URL: patient search over BENCH_PATIENTS patients on PostgreSQL,
 *    in a database of its own (`bench` beside DATABASE_URL's), seeded once by the scale generator
 *    (bench/search.ts, also `npm run bench:search` alone).
 * 4. With DATABASE_URL: the hot routes against a same-shape bare route in the same run (bench/api.ts).
 * 5. Lighthouse on the production build in dist/ (first visit, logged-in warm start; bench/lighthouse.ts, also
 *    `npm run bench:lighthouse` alone).
 * 6. The metrics' own CPU per request, per second and per scrape (bench/metrics.ts; BENCH_METRICS=1 also
 *    adds the portal with METRICS_PORT to part 4).
 * 7. The whole-record export of a 10,000-document dossier, time and memory (bench/export.ts, also
 *    `npm run bench:export`; the run fails past its memory bound).
 * 8. An app's trend over FHIR: ten years of monthly values against the document list, same run
 *    (bench/fhir.ts, also `npm run bench:fhir`; the run fails when the series is over the list's p95).
 * 9. Live streams: 10,000 open streams on 1 and on 3 processes, their memory, CPU at rest, one change to
 *    all, and the document list beside them (bench/live.ts, also `npm run bench:live`; off by default: it
 *    takes minutes and needs DATABASE_URL).
 * BENCH_PARTS (default `process,socket,api,pdf,search,lighthouse,metrics,export,fhir`; `live` on request) picks the parts, e.g. `process` for the quick one.
 */
import { existsSync } from 'node:fs';
import { checkPdf } from '../server/services/uploads/pdf-check';
import { pdfOfSize } from '../server/services/uploads/test-pdfs';
import { createTestContext, databaseTargets } from '../tests/support/test-app';
import { apiBench } from './api';
import { exportBench } from './export';
import { fhirBenches } from './fhir';
import { lighthouseBench } from './lighthouse';
import { liveBench } from './live';
import { report } from './load';
import { metricsCostBench } from './metrics';
import { benchDatabaseUrl, searchBench } from './search';
import { socketBench } from './socket';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'process,socket,api,pdf,search,lighthouse,metrics,export,fhir').split(','),
);

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
  // Every list and search writes an audit row per patient it returns.
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
  // A guest's list goes through the live-grant check and the shared-documents condition.
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

const benchUrl = PARTS.has('search') ? await benchDatabaseUrl() : null;
if (benchUrl) await searchBench(benchUrl);
else if (PARTS.has('search'))
  console.log('\n(patient search over 1,000,000 patients: set BENCH_DATABASE_URL or DATABASE_URL)');

if (PARTS.has('metrics')) await metricsCostBench();
if (PARTS.has('export') && !(await exportBench())) process.exitCode = 1;
if (PARTS.has('fhir') && !(await fhirBenches())) process.exitCode = 1;
if (PARTS.has('live')) await liveBench();

if (PARTS.has('lighthouse')) {
  if (existsSync('dist/index.html') || process.env.LIGHTHOUSE_DIST) await lighthouseBench();
  else console.log('\n(Lighthouse: run `npm run build` first)');
}
