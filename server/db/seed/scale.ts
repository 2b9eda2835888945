import { asc, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { patients } from '../schema';
import { seedDocuments } from './documents';
import { buildPatient } from './patients';
import { createRandom } from './random';

export interface ScaleOptions {
  /** Extra patients to add. */
  patients: number;
  /** Documents to add to one patient (the dossier the benchmarks read). */
  docs: number;
  /** Who gets the documents; the first patient (Mario Rossi of the demo accounts) by default. */
  docsPatientId?: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  onProgress?: (message: string) => void;
}

export interface ScaleResult {
  patientsInserted: number;
  patientsSkipped: number;
  documents: number;
  docsPatientId: number | null;
}

/** Next free number for this run's master ids and random seed: runs never reuse each other's. */
async function runNumber(db: Database): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${patients.mepiId}), 0)::int` })
    .from(patients);
  return (row?.max ?? 0) + 1;
}

/**
 * One multi-row INSERT per batch with the whole batch as a single JSON parameter: no limit on bound
 * parameters, the same SQL on node-postgres and PGlite, and the server does the row splitting.
 * Fiscal codes already present (an earlier run, the demo patients) are skipped by the unique index.
 */
async function insertBatch(db: Database, rows: Record<string, unknown>[]): Promise<number> {
  const result = await db.execute(sql`
    insert into patients (master_id, name, surname, fiscal_code, birth_date, sex, alive, merged, demographics)
    select master_id, name, surname, fiscal_code, birth_date, sex, alive, merged, demographics
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      master_id text, name text, surname text, fiscal_code text, birth_date date, sex text,
      alive boolean, merged boolean, demographics jsonb)
    on conflict do nothing`);
  // node-postgres reports rowCount, PGlite affectedRows.
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? rows.length;
}

async function addPatients(
  db: Database,
  count: number,
  batchSize: number,
  progress: (message: string) => void,
): Promise<{ inserted: number; skipped: number }> {
  const run = await runNumber(db);
  const random = createRandom(0x5ca1e + run);
  // Codes of this run, so a retry draws a new identity at once; the space (names × surnames × 88 years
  // of days × places × sex) is about 3·10⁹ codes, so at a million the retries stay in the hundreds.
  const usedCodes = new Set<string>();
  let inserted = 0;
  const started = Date.now();
  for (let start = 0; start < count; start += batchSize) {
    const rows: Record<string, unknown>[] = [];
    for (let index = start; index < Math.min(count, start + batchSize); index++) {
      // Index 3 onwards: the first three indices are the demo accounts' fixed identities.
      const patient = buildPatient(random, index + 3, usedCodes);
      const masterId = `SCALE-${run}-${index}`;
      const { name, surname, fiscalCode, birthDate, sex, positionStatus, ...rest } = patient;
      const personIdentifiers = [
        { type: 'CF', value: fiscalCode },
        { type: 'MPI', value: masterId },
      ];
      rows.push({
        master_id: masterId,
        name,
        surname,
        fiscal_code: fiscalCode,
        birth_date: birthDate,
        sex,
        alive: positionStatus.alive,
        merged: positionStatus.merged,
        demographics: { ...rest, masterId: undefined, personIdentifiers },
      });
    }
    inserted += await insertBatch(db, rows);
    const done = Math.min(count, start + batchSize);
    if (done === count || Math.floor(done / 50_000) > Math.floor(start / 50_000)) {
      const seconds = (Date.now() - started) / 1000;
      progress(`patients ${done}/${count} (${Math.round(done / Math.max(seconds, 0.001))}/s)`);
    }
  }
  return { inserted, skipped: count - inserted };
}

/**
 * Fills the database for benchmarks: `patients` more patients and `docs` documents for one of them,
 * then refreshes the planner statistics (and the visibility map the index-only counts rely on).
 */
export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleResult> {
  const progress = options.onProgress ?? ((): void => undefined);
  const { inserted, skipped } =
    options.patients > 0
      ? await addPatients(db, options.patients, options.batchSize ?? 2000, progress)
      : { inserted: 0, skipped: 0 };
  let documents = 0;
  let docsPatientId: number | null = null;
  if (options.docs > 0) {
    const [first] = await db
      .select({ mepiId: patients.mepiId })
      .from(patients)
      .orderBy(asc(patients.mepiId))
      .limit(1);
    docsPatientId = options.docsPatientId ?? first?.mepiId ?? null;
    if (docsPatientId === null) throw new Error('no patient to give the documents to');
    progress(`documents ${options.docs} for patient ${docsPatientId}…`);
    // No clinical record from these documents (seedClinical): 10,000 of them would add some 70,000 lab
    // results the benchmarks do not read; the patient keeps the record the demo seed gave.
    ({ documents } = await seedDocuments(db, {
      perPatient: [options.docs, options.docs],
      patientIds: [docsPatientId],
      seed: 0xd0c5 + options.docs,
    }));
  }
  progress('vacuum analyze…');
  await db.execute(sql`vacuum analyze patients`);
  // Its rows change once per insert statement: a run leaves hundreds of dead versions of 4 rows.
  await db.execute(sql`vacuum analyze patient_counts`);
  await db.execute(sql`vacuum analyze documents`);
  return { patientsInserted: inserted, patientsSkipped: skipped, documents, docsPatientId };
}
