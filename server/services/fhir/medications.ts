import type { Immunization, MedicationStatement } from '@medplum/fhirtypes';
import { displayOf } from '../clinical/display';
import type { ImmunizationRow, MedicationRow } from '../clinical/record';
import { concept, type EntryId, type MappingContext, profiles, referenceTo, systems } from './systems';

/**
 * A medicine taken (IPS MedicationStatement): the ATC code and, as text, the medicine as prescribed (name
 * and strength, as the prescription wrote it: not translated); the period it is taken in; the posology as
 * written.
 */
export function medicationResource(
  row: MedicationRow,
  entry: EntryId,
  context: MappingContext,
): MedicationStatement {
  return {
    resourceType: 'MedicationStatement',
    id: entry.id,
    meta: { profile: [profiles.medicationStatement] },
    status: row.status as MedicationStatement['status'],
    medicationCodeableConcept: concept([{ system: systems.atc, code: row.atcCode }], row.medicationText),
    subject: referenceTo(context.patient),
    effectivePeriod: { start: row.startDate, ...(row.endDate ? { end: row.endDate } : {}) },
    dosage: [{ text: row.dosageText }],
  };
}

/**
 * A vaccination given (IPS Immunization): the vaccine as a SNOMED CT concept (the IPS's preferred binding)
 * with its ATC class (the IPS's additional WHO ATC binding), the day, the lot when known.
 */
export function immunizationResource(
  row: ImmunizationRow,
  entry: EntryId,
  context: MappingContext,
): Immunization {
  return {
    resourceType: 'Immunization',
    id: entry.id,
    meta: { profile: [profiles.immunization] },
    status: 'completed',
    vaccineCode: concept(
      [
        { system: systems.snomed, code: row.snomedCode },
        { system: systems.atc, code: row.atcCode },
      ],
      displayOf(row, context.language),
    ),
    patient: referenceTo(context.patient),
    occurrenceDateTime: row.occurredOn,
    ...(row.lotNumber ? { lotNumber: row.lotNumber } : {}),
  };
}
