import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../../src/contract/language';
import {
  type AnalyteSummary,
  READING_CODES,
  type ReadingKind,
  type ResultFlag,
  type ResultSeries,
  type SeriesPoint,
} from '../../../src/contract/results';
import type { Database } from '../../db/client';
import { observations, patientReadings, type UserRow } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { clinicalRowsShown, documentlessShown } from '../clinical/visibility';
import { readingNames } from './names';

/** Out of range against the report's own range; none when the report gives none. */
export function flagOf(value: number, low: number | null, high: number | null): ResultFlag {
  if (low !== null && value < low) return 'low';
  if (high !== null && value > high) return 'high';
  return null;
}

const kindOfCode = (code: string): ReadingKind | undefined =>
  (Object.keys(READING_CODES) as ReadingKind[]).find(
    (kind) => kind !== 'note' && READING_CODES[kind].loinc === code,
  );

/**
 * `GET /results`: each hospital analyte with its latest value (distinct on over the patient/code/date
 * index) and how many values there are, then each kind of the patient's own readings the same way. What
 * the caller may not see of the record is absent (clinicalRowsShown), never marked.
 */
export async function listAnalytes(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
): Promise<AnalyteSummary[]> {
  await authorizePatientAccess(db, user, patientId, 'RESULTS_READ');
  const shown = (await clinicalRowsShown(db, user, patientId))(observations.documentId);
  const visible = and(eq(observations.patientId, patientId), shown);
  const [latest, counts] = await Promise.all([
    db
      .selectDistinctOn([observations.loincCode])
      .from(observations)
      .where(visible)
      .orderBy(observations.loincCode, desc(observations.effectiveAt), desc(observations.id)),
    db
      .select({ code: observations.loincCode, total: count() })
      .from(observations)
      .where(visible)
      .groupBy(observations.loincCode),
  ]);
  const totals = new Map(counts.map((row) => [row.code, row.total]));
  const hospital: AnalyteSummary[] = latest.map((row) => ({
    code: row.loincCode,
    name: language === 'en' ? row.displayEn : row.displayIt,
    unit: row.unitDisplay,
    value: row.value,
    secondValue: null,
    effectiveAt: row.effectiveAt.toISOString(),
    flag: flagOf(row.value, row.referenceLow, row.referenceHigh),
    count: totals.get(row.loincCode) ?? 1,
    source: 'hospital',
  }));
  hospital.sort((a, b) => a.name.localeCompare(b.name, language));
  return [...hospital, ...(await readingAnalytes(db, user, patientId, language))];
}

async function readingAnalytes(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
): Promise<AnalyteSummary[]> {
  if (!(await documentlessShown(db, user, patientId))) return [];
  const live = and(
    eq(patientReadings.patientId, patientId),
    isNull(patientReadings.deletedAt),
    sql`${patientReadings.kind} <> 'note'`,
  );
  const [latest, counts] = await Promise.all([
    db
      .selectDistinctOn([patientReadings.kind])
      .from(patientReadings)
      .where(live)
      .orderBy(patientReadings.kind, desc(patientReadings.takenAt), desc(patientReadings.id)),
    db
      .select({ kind: patientReadings.kind, total: count() })
      .from(patientReadings)
      .where(live)
      .groupBy(patientReadings.kind),
  ]);
  const totals = new Map(counts.map((row) => [row.kind, row.total]));
  return latest.map((row) => {
    const kind = row.kind as Exclude<ReadingKind, 'note'>;
    const bloodPressure = kind === 'blood-pressure';
    return {
      code: READING_CODES[kind].loinc,
      name: readingNames[kind][language],
      unit: READING_CODES[kind].unitDisplay,
      value: (bloodPressure ? row.systolic : row.value) ?? 0,
      secondValue: bloodPressure ? row.diastolic : null,
      effectiveAt: row.takenAt.toISOString(),
      flag: null,
      count: totals.get(row.kind) ?? 1,
      source: 'patient',
    };
  });
}

/**
 * `GET /results/series`: every value of one code, oldest first, the hospital's (each with its report) and
 * the patient's readings of the same code (marked by `source`). Reads the index in its own order.
 */
export async function analyteSeries(
  db: Database,
  user: UserRow,
  patientId: number,
  code: string,
  language: Language,
): Promise<ResultSeries | null> {
  await authorizePatientAccess(db, user, patientId, 'RESULTS_READ');
  const shown = (await clinicalRowsShown(db, user, patientId))(observations.documentId);
  const rows = await db
    .select()
    .from(observations)
    .where(and(eq(observations.patientId, patientId), eq(observations.loincCode, code), shown))
    .orderBy(asc(observations.effectiveAt), asc(observations.id));
  const kind = kindOfCode(code);
  const readings =
    kind && (await documentlessShown(db, user, patientId))
      ? await db
          .select()
          .from(patientReadings)
          .where(
            and(
              eq(patientReadings.patientId, patientId),
              eq(patientReadings.kind, kind),
              isNull(patientReadings.deletedAt),
            ),
          )
          .orderBy(asc(patientReadings.takenAt), asc(patientReadings.id))
      : [];
  if (rows.length === 0 && readings.length === 0) return null;
  const last = rows.at(-1);
  const points: SeriesPoint[] = [
    ...rows.map((row) => ({
      source: 'hospital' as const,
      id: row.id,
      value: row.value,
      secondValue: null,
      effectiveAt: row.effectiveAt.toISOString(),
      flag: flagOf(row.value, row.referenceLow, row.referenceHigh),
      documentId: row.documentId,
    })),
    ...readings.map((row) => ({
      source: 'patient' as const,
      id: row.id,
      value: (kind === 'blood-pressure' ? row.systolic : row.value) ?? 0,
      secondValue: kind === 'blood-pressure' ? row.diastolic : null,
      effectiveAt: row.takenAt.toISOString(),
      flag: null,
      documentId: null,
    })),
  ].sort((a, b) => a.effectiveAt.localeCompare(b.effectiveAt));
  return {
    code,
    name: last
      ? language === 'en'
        ? last.displayEn
        : last.displayIt
      : readingNames[kind as Exclude<ReadingKind, 'note'>][language],
    unit: last ? last.unitDisplay : READING_CODES[kind as ReadingKind].unitDisplay,
    referenceLow: last?.referenceLow ?? null,
    referenceHigh: last?.referenceHigh ?? null,
    points,
  };
}
