import type { AllergyIntolerance, Condition } from '@medplum/fhirtypes';
import { displayOf } from '../clinical/display';
import type { AllergyRow, ConditionRow } from '../clinical/record';
import { concept, type EntryId, type MappingContext, profiles, referenceTo, systems } from './systems';

/** Clinical statuses that put a condition among the past problems (IPS 11348-0) rather than the current. */
const pastStatuses = new Set(['inactive', 'remission', 'resolved']);

export const isPastProblem = (row: ConditionRow): boolean => pastStatuses.has(row.clinicalStatus);

/**
 * The current problem list: one item per SNOMED CT concept, its latest record. A chronic problem written
 * in several letters (diabetes, "scompensato" in one of them) is one problem to the reader.
 */
export function currentProblems(rows: readonly ConditionRow[]): ConditionRow[] {
  const latest = new Map<string, ConditionRow>();
  for (const row of rows) {
    if (isPastProblem(row)) continue;
    const kept = latest.get(row.snomedCode);
    if (!kept || kept.recordedAt.getTime() < row.recordedAt.getTime()) latest.set(row.snomedCode, row);
  }
  return rows.filter((row) => latest.get(row.snomedCode) === row);
}

const statusDisplays: Record<string, string> = {
  active: 'Active',
  recurrence: 'Recurrence',
  relapse: 'Relapse',
  inactive: 'Inactive',
  remission: 'Remission',
  resolved: 'Resolved',
};

/**
 * A problem (IPS Condition): the SNOMED CT concept first (the IPS's preferred binding), the ICD-9-CM code
 * Italian systems record beside it, the text in the caller's language; a problem-list item.
 */
export function conditionResource(row: ConditionRow, entry: EntryId, context: MappingContext): Condition {
  return {
    resourceType: 'Condition',
    id: entry.id,
    meta: { profile: [profiles.condition] },
    clinicalStatus: concept([
      {
        system: systems.conditionClinical,
        code: row.clinicalStatus,
        ...(statusDisplays[row.clinicalStatus] ? { display: statusDisplays[row.clinicalStatus] } : {}),
      },
    ]),
    category: [
      concept([
        { system: systems.conditionCategory, code: 'problem-list-item', display: 'Problem List Item' },
      ]),
    ],
    code: concept(
      [
        { system: systems.snomed, code: row.snomedCode },
        { system: systems.icd9cm, code: row.icd9cmCode },
      ],
      displayOf(row, context.language),
    ),
    subject: referenceTo(context.patient),
    ...(row.onsetDate ? { onsetDateTime: row.onsetDate } : {}),
    recordedDate: row.recordedAt.toISOString(),
  };
}

const allergyStatusDisplays: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  resolved: 'Resolved',
};

/** An allergy or intolerance (IPS AllergyIntolerance): the substance as a SNOMED CT concept. */
export function allergyResource(
  row: AllergyRow,
  entry: EntryId,
  context: MappingContext,
): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    id: entry.id,
    meta: { profile: [profiles.allergy] },
    clinicalStatus: concept([
      {
        system: systems.allergyClinical,
        code: row.clinicalStatus,
        ...(allergyStatusDisplays[row.clinicalStatus]
          ? { display: allergyStatusDisplays[row.clinicalStatus] }
          : {}),
      },
    ]),
    type: row.type as AllergyIntolerance['type'],
    category: [row.category as NonNullable<AllergyIntolerance['category']>[number]],
    criticality: row.criticality as AllergyIntolerance['criticality'],
    code: concept([{ system: systems.snomed, code: row.snomedCode }], displayOf(row, context.language)),
    patient: referenceTo(context.patient),
    recordedDate: row.recordedAt.toISOString(),
  };
}
