import type { Observation, ObservationComponent, Quantity } from '@medplum/fhirtypes';
import {
  DIASTOLIC_LOINC,
  READING_CODES,
  type ReadingKind,
  SYSTOLIC_LOINC,
} from '../../../src/contract/results';
import type { patientReadings } from '../../db/schema';
import { readingNames } from '../results/names';
import { concept, type EntryId, type MappingContext, referenceTo, systems } from './systems';

type ReadingRow = typeof patientReadings.$inferSelect;

/** The vital-signs profile's category: every measured reading is one; a note is a survey answer. */
const vitalSigns = concept([
  { system: systems.observationCategory, code: 'vital-signs', display: 'Vital Signs' },
]);
const survey = concept([{ system: systems.observationCategory, code: 'survey', display: 'Survey' }]);

const measure = (value: number, kind: Exclude<ReadingKind, 'note'>): Quantity => ({
  value,
  unit: READING_CODES[kind].unitDisplay,
  system: systems.ucum,
  code: READING_CODES[kind].unit,
});

const noteText = { it: 'Nota del paziente', en: 'Patient note' } as const;

/**
 * A reading the patient entered, as FHIR says it: an Observation whose performer is the patient (so no
 * reader mistakes it for the hospital's), status `amended` once corrected, a blood pressure as the panel
 * with its systolic and diastolic components (FHIR's vital-signs pattern), a note as a string.
 */
export function readingObservation(row: ReadingRow, entry: EntryId, context: MappingContext): Observation {
  const kind = row.kind as ReadingKind;
  const base = {
    resourceType: 'Observation',
    id: entry.id,
    status: row.version > 1 ? 'amended' : 'final',
    subject: referenceTo(context.patient),
    performer: [referenceTo(context.patient)],
    effectiveDateTime: row.takenAt.toISOString(),
    issued: row.createdAt.toISOString(),
    ...(row.note && kind !== 'note' ? { note: [{ text: row.note }] } : {}),
  } satisfies Partial<Observation>;
  const code = (loinc: string, text: string) => concept([{ system: systems.loinc, code: loinc }], text);
  if (kind === 'note')
    return {
      ...base,
      category: [survey],
      code: code(READING_CODES.note.loinc, noteText[context.language]),
      valueString: row.note ?? '',
    };
  const name = readingNames[kind][context.language];
  if (kind === 'blood-pressure') {
    const component = (loinc: string, value: number | null): ObservationComponent[] =>
      value === null
        ? []
        : [
            {
              code: code(loinc, loinc === SYSTOLIC_LOINC ? 'Systolic' : 'Diastolic'),
              valueQuantity: measure(value, kind),
            },
          ];
    return {
      ...base,
      category: [vitalSigns],
      code: code(READING_CODES[kind].loinc, name),
      component: [...component(SYSTOLIC_LOINC, row.systolic), ...component(DIASTOLIC_LOINC, row.diastolic)],
    };
  }
  return {
    ...base,
    category: [vitalSigns],
    code: code(READING_CODES[kind].loinc, name),
    ...(row.value === null ? {} : { valueQuantity: measure(row.value, kind) }),
  };
}
