/**
 * The whole-record export of a dossier of over 10,000 readable documents (`npm run bench:export`; part `export` of
 * `npm run bench`): time, the archive's size, and memory. It fails (exit 1) past the memory bound: the
 * archive is streamed into the database, so the process's peak memory must not grow with the dossier.
 * BENCH_EXPORT_DOCS changes the count; PGlite, and PostgreSQL too with DATABASE_URL.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as v from 'valibot';
import { seedScale } from '../server/db/seed/scale';
import { CHUNK_BYTES } from '../server/services/export/chunks';
import { runExportPass } from '../server/services/export/job';
import { ExportList, RecordExport } from '../src/contract/export';
import { createTestContext, databaseTargets } from '../tests/support/test-app';

/**
 * Documents seeded into the dossier: about three in four are current, readable and at hand (the rest are
 * superseded versions or kept offline), so 14,000 make an archive of over 10,000 PDFs.
 */
const DOCS = Number(process.env.BENCH_EXPORT_DOCS ?? 14_000);
/** PDFs the archive must hold for the run to count (BENCH_EXPORT_MIN; 10,000). */
const ARCHIVED_AT_LEAST = Number(process.env.BENCH_EXPORT_MIN ?? 10_000);
/**
 * Growth of the live heap (measured after a full collection) over its level before the build, at its
 * highest: what the build keeps, not the garbage the PDF engine leaves for the collector.
 */
const HEAP_BOUND_BYTES = 64 * 1024 * 1024;
const MiB = 1024 * 1024;
const SAMPLE_MS = 500;

// A full collection on demand, without asking whoever runs the benchmark for --expose-gc.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export async function exportBench(): Promise<boolean> {
  let within = true;
  for (const target of databaseTargets) {
    console.log(`\n# whole-record export of a dossier seeded with ${DOCS} documents, ${target.name}`);
    const ctx = await createTestContext(target.location, {}, {}, { clinical: true });
    try {
      const mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number })
        .patientId;
      await seedScale(ctx.db, { patients: 0, docs: DOCS, docsPatientId: mario });
      const asked = await ctx.call('/api/exports', 'mario.rossi', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ patientId: mario }),
      });
      collect();
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      const sampler = setInterval(() => {
        collect();
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }, SAMPLE_MS);
      const started = performance.now();
      let built = { bytes: 0, documents: 0, peakPendingBytes: 0 };
      const expected = v.parse(RecordExport, await asked.json()).id;
      await runExportPass(ctx.db, {
        organizationName: 'Bench',
        onBuilt: (_job, archive) => {
          built = archive;
        },
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const heapGrowth = peakHeap - before.heapUsed;
      console.log(
        `  ${built.documents} documents in ${seconds.toFixed(1)} s (${((seconds * 1000) / Math.max(1, built.documents)).toFixed(1)} ms each), archive ${(built.bytes / MiB).toFixed(1)} MiB`,
      );
      console.log(
        `  memory: live heap ${(before.heapUsed / MiB).toFixed(0)} → peak ${(peakHeap / MiB).toFixed(0)} MiB (+${(heapGrowth / MiB).toFixed(0)}), rss ${(before.rss / MiB).toFixed(0)} → peak ${(peakRss / MiB).toFixed(0)} MiB; archive bytes held at once: ${(built.peakPendingBytes / MiB).toFixed(2)} MiB`,
      );
      // Done means every document the job counted is in the archive (the scale seed's dossier has
      // superseded versions and offline documents, which are not).
      const listed = await ctx.call(`/api/exports?patientId=${mario}`, 'mario.rossi');
      const job = v.parse(ExportList, await listed.json()).exports.find((row) => row.id === expected);
      const complete =
        job?.state === 'ready' &&
        job.documentsDone === job.documentsTotal &&
        job.documentsDone >= ARCHIVED_AT_LEAST;
      console.log(
        `  state ${job?.state}, ${job?.documentsDone} of ${job?.documentsTotal}, ${job?.documentsOffline} offline`,
      );
      const ok = complete && heapGrowth < HEAP_BOUND_BYTES && built.peakPendingBytes < CHUNK_BYTES + MiB;
      console.log(
        `  memory bound (heap +${HEAP_BOUND_BYTES / MiB} MiB, held < ${CHUNK_BYTES / MiB + 1} MiB): ${ok ? 'held' : 'EXCEEDED'}`,
      );
      within &&= ok;
    } finally {
      await ctx.close();
    }
  }
  return within;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await exportBench()) ? 0 : 1;
