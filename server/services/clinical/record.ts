import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  allergies,
  conditions,
  immunizations,
  medicationStatements,
  observations,
  patients,
  type UserRow,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import type { PatientRow } from '../patients';
import { clinicalRowsShown } from './visibility';

export type ConditionRow = typeof conditions.$inferSelect;
export type AllergyRow = typeof allergies.$inferSelect;
export type MedicationRow = typeof medicationStatements.$inferSelect;
export type ImmunizationRow = typeof immunizations.$inferSelect;
export type ObservationRow = typeof observations.$inferSelect;

/** What the caller may see of a patient's structured record, newest first within each list. */
export interface ClinicalRecord {
  patient: PatientRow;
  conditions: ConditionRow[];
  allergies: AllergyRow[];
  medications: MedicationRow[];
  immunizations: ImmunizationRow[];
  /** The latest result of each test (LOINC code) the caller may see. */
  observations: ObservationRow[];
}

/**
 * The latest visible result per LOINC code: `distinct on` over observations_patient_idx (patient, code,
 * date), the hidden rows left out before the choice, so a hidden newer value never masks an older one.
 */
function latestResults(db: Database, patientId: number, shown: SQL): Promise<ObservationRow[]> {
  return db
    .selectDistinctOn([observations.loincCode])
    .from(observations)
    .where(sql`${observations.patientId} = ${patientId} and ${shown}`)
    .orderBy(observations.loincCode, desc(observations.effectiveAt), desc(observations.id));
}

/**
 * A patient's clinical record as this caller may see it. The caller's access to the patient is the gate's
 * decision, taken before (access/gate.ts); here only what hides within an allowed dossier applies
 * (clinical/visibility.ts), in the query. 404 when there is no such patient.
 */
export async function readClinicalRecord(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<ClinicalRecord> {
  const [patient] = await db.select().from(patients).where(eq(patients.mepiId, patientId)).limit(1);
  if (!patient) throw new HttpError(404, 'NOT_FOUND');
  const shown = await clinicalRowsShown(db, user, patientId);
  const [conditionRows, allergyRows, medicationRows, immunizationRows, observationRows] = await Promise.all([
    db
      .select()
      .from(conditions)
      .where(sql`${conditions.patientId} = ${patientId} and ${shown(conditions.documentId)}`)
      .orderBy(sql`${conditions.onsetDate} desc nulls last`, desc(conditions.recordedAt), asc(conditions.id)),
    db
      .select()
      .from(allergies)
      .where(sql`${allergies.patientId} = ${patientId} and ${shown(allergies.documentId)}`)
      .orderBy(desc(allergies.recordedAt), asc(allergies.id)),
    db
      .select()
      .from(medicationStatements)
      .where(
        sql`${medicationStatements.patientId} = ${patientId} and ${shown(medicationStatements.documentId)}`,
      )
      .orderBy(desc(medicationStatements.startDate), asc(medicationStatements.id)),
    db
      .select()
      .from(immunizations)
      .where(sql`${immunizations.patientId} = ${patientId} and ${shown(immunizations.documentId)}`)
      .orderBy(desc(immunizations.occurredOn), asc(immunizations.id)),
    latestResults(db, patientId, shown(observations.documentId)),
  ]);
  return {
    patient,
    conditions: conditionRows,
    allergies: allergyRows,
    medications: medicationRows,
    immunizations: immunizationRows,
    // distinct on orders by code; the summary lists the newest results first.
    observations: observationRows.sort(
      (a, b) => b.effectiveAt.getTime() - a.effectiveAt.getTime() || a.loincCode.localeCompare(b.loincCode),
    ),
  };
}

/**
 * Every result of the patient the caller may see (not only the latest per test), in the order stored, a page at
 * a time by keyset: the whole record's export, where a patient may have tens of thousands.
 */
export async function* everyResult(
  db: Database,
  user: UserRow,
  patientId: number,
  batch = 1000,
): AsyncGenerator<ObservationRow> {
  const shown = (await clinicalRowsShown(db, user, patientId))(observations.documentId);
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(observations)
      .where(sql`${observations.patientId} = ${patientId} and ${observations.id} > ${lastId} and ${shown}`)
      .orderBy(asc(observations.id))
      .limit(batch);
    yield* rows;
    const tail = rows.at(-1);
    if (!tail) return;
    lastId = tail.id;
  }
}
