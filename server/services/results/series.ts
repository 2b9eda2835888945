import { and, asc, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
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
import { displayOf, interpretationOf } from '../clinical/display';
import type { ObservationRow } from '../clinical/record';
import { clinicalRowsShown, documentlessShown } from '../clinical/visibility';
import { readingNames } from './names';

type MeasuredKind = Exclude<ReadingKind, 'note'>;
type ReadingRow = typeof patientReadings.$inferSelect;

/** Out of range against the report's own range (the FHIR interpretation's rule); none when in range. */
const flagOf = (row: ObservationRow): ResultFlag =>
  (({ H: 'high', L: 'low', N: null }) as const)[interpretationOf(row) ?? 'N'];

const kindOfCode = (code: string): MeasuredKind | undefined =>
  (Object.keys(readingNames) as MeasuredKind[]).find((kind) => READING_CODES[kind].loinc === code);

/** A reading's value as a trend plots it: a blood pressure is its systolic, the diastolic beside it. */
function readingValues(row: ReadingRow): { value: number; secondValue: number | null } {
  return row.kind === 'blood-pressure'
    ? { value: row.systolic ?? 0, secondValue: row.diastolic }
    : { value: row.value ?? 0, secondValue: null };
}

/** How many rows share the one `distinct on` keeps: counted by the same query, before the choice. */
const countOver = (partition: unknown) =>
  sql<number>`count(*) over (partition by ${partition})`.mapWith(Number);

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
  const latest = await db
    .selectDistinctOn([observations.loincCode], {
      ...getTableColumns(observations),
      total: countOver(observations.loincCode),
    })
    .from(observations)
    .where(and(eq(observations.patientId, patientId), shown))
    .orderBy(observations.loincCode, desc(observations.effectiveAt), desc(observations.id));
  const hospital: AnalyteSummary[] = latest.map((row) => ({
    code: row.loincCode,
    name: displayOf(row, language),
    unit: row.unitDisplay,
    value: row.value,
    secondValue: null,
    effectiveAt: row.effectiveAt.toISOString(),
    flag: flagOf(row),
    count: row.total,
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
  const latest = await db
    .selectDistinctOn([patientReadings.kind], {
      ...getTableColumns(patientReadings),
      total: countOver(patientReadings.kind),
    })
    .from(patientReadings)
    .where(
      and(
        eq(patientReadings.patientId, patientId),
        isNull(patientReadings.deletedAt),
        ne(patientReadings.kind, 'note'),
      ),
    )
    .orderBy(patientReadings.kind, desc(patientReadings.takenAt), desc(patientReadings.id));
  return latest.map((row) => {
    const kind = row.kind as MeasuredKind;
    return {
      code: READING_CODES[kind].loinc,
      name: readingNames[kind][language],
      unit: READING_CODES[kind].unitDisplay,
      ...readingValues(row),
      effectiveAt: row.takenAt.toISOString(),
      flag: null,
      count: row.total,
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
  const last = rows.at(-1);
  // The series is named as its latest report names it, or, with readings only, as the kind is.
  const label = last
    ? { name: displayOf(last, language), unit: last.unitDisplay }
    : kind && readings.length > 0
      ? { name: readingNames[kind][language], unit: READING_CODES[kind].unitDisplay }
      : null;
  if (!label) return null;
  const points: SeriesPoint[] = [
    ...rows.map((row) => ({
      source: 'hospital' as const,
      id: row.id,
      value: row.value,
      secondValue: null,
      effectiveAt: row.effectiveAt.toISOString(),
      flag: flagOf(row),
      documentId: row.documentId,
    })),
    ...readings.map((row) => ({
      source: 'patient' as const,
      id: row.id,
      ...readingValues(row),
      effectiveAt: row.takenAt.toISOString(),
      flag: null,
      documentId: null,
    })),
  ].sort((a, b) => a.effectiveAt.localeCompare(b.effectiveAt));
  return {
    code,
    ...label,
    referenceLow: last?.referenceLow ?? null,
    referenceHigh: last?.referenceHigh ?? null,
    points,
  };
}
