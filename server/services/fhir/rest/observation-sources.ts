import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { READING_CODES, type ReadingKind } from '../../../../src/contract/results';
import { observations, patientReadings } from '../../../db/schema';
import { readingObservation } from '../readings';
import { observationResource } from '../results';
import { restEntry, systems } from '../systems';
import {
  codeIn,
  fixedCode,
  foundLazily,
  type Source,
  type Token,
  totalOver,
  withLastUpdated,
} from './source';
import { tableSource } from './table-source';

/** The hospital's laboratory results, each linked to the report it was read from (`derivedFrom`). */
export const labResultSource = tableSource(observations, {
  dates: { date: sql`${observations.effectiveAt}`, _lastUpdated: sql`${observations.effectiveAt}` },
  tokens: {
    code: (token) => codeIn(sql`${observations.loincCode}`, systems.loinc, token),
    category: (token) => fixedCode(systems.observationCategory, 'laboratory', token),
  },
  newestFirst: desc(observations.effectiveAt),
  found: (row, context) =>
    foundLazily(row.effectiveAt, () => {
      const resource = observationResource(row, restEntry('Observation', row.id), context.mapping);
      return withLastUpdated(
        row.documentId === null
          ? resource
          : { ...resource, derivedFrom: [{ reference: `DocumentReference/${row.documentId}` }] },
        row.effectiveAt,
      );
    }),
});

const READING_KINDS = Object.keys(READING_CODES) as ReadingKind[];

/** The reading kinds a list of kinds' condition picks, or none. */
function kindsWhere(kinds: ReadingKind[]) {
  return kinds.length === 0 ? false : inArray(patientReadings.kind, kinds);
}

/** The kinds whose LOINC code a token names (a blood pressure is its panel's code, 85354-9). */
function readingCode(token: Token) {
  if (token.system === null || (token.system !== undefined && token.system !== systems.loinc)) return false;
  return kindsWhere(
    READING_KINDS.filter((kind) => token.code === undefined || READING_CODES[kind].loinc === token.code),
  );
}

/** Measured readings are vital signs; a note is a survey answer (services/fhir/readings.ts). */
function readingCategory(token: Token) {
  const vitals = fixedCode(systems.observationCategory, 'vital-signs', token) !== false;
  const survey = fixedCode(systems.observationCategory, 'survey', token) !== false;
  return kindsWhere(READING_KINDS.filter((kind) => (kind === 'note' ? survey : vitals)));
}

/**
 * The patient's own readings: ids `reading-<n>` beside the hospital's, performer the patient. Shown as
 * the dossier's rows without a document are (a guest needs the dossier right); a deleted one is gone.
 */
export const readingSource: Source = {
  idPrefix: 'reading-',
  dates: { date: sql`${patientReadings.takenAt}`, _lastUpdated: sql`${patientReadings.updatedAt}` },
  tokens: { code: readingCode, category: readingCategory },
  idIs: (id) => eq(patientReadings.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: patientReadings.patientId })
      .from(patientReadings)
      .where(and(eq(patientReadings.id, id), isNull(patientReadings.deletedAt)))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    if (!context.documentless) return { found: [], total: 0 };
    const rows = await context.db
      .select({ row: patientReadings, total: totalOver })
      .from(patientReadings)
      .where(
        and(eq(patientReadings.patientId, context.patientId), isNull(patientReadings.deletedAt), ...where),
      )
      .orderBy(desc(patientReadings.takenAt), desc(patientReadings.id))
      .limit(limit);
    const found = rows.map(({ row }) =>
      foundLazily(row.takenAt, () =>
        withLastUpdated(
          readingObservation(row, restEntry('Observation', `reading-${row.id}`), context.mapping),
          row.updatedAt,
        ),
      ),
    );
    return { found, total: rows[0]?.total ?? 0 };
  },
};
