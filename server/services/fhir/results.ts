import type { Observation, Quantity } from '@medplum/fhirtypes';
import { displayOf, type Interpretation, interpretationOf } from '../clinical/display';
import type { ObservationRow } from '../clinical/record';
import { concept, type EntryId, type MappingContext, profiles, referenceTo, systems } from './systems';

/** A value in the row's unit: UCUM coded when the row has a UCUM code (a ratio such as INR has none). */
function quantity(value: number, row: ObservationRow): Quantity {
  return {
    value,
    ...(row.unitDisplay ? { unit: row.unitDisplay } : {}),
    ...(row.unit ? { system: systems.ucum, code: row.unit } : {}),
  };
}

/** Interpretation codes of HL7 v3 ObservationInterpretation, as the table displays them. */
const interpretations = { H: 'High', L: 'Low', N: 'Normal' } as const satisfies Record<
  Interpretation,
  string
>;

/**
 * A laboratory result (IPS Observation Results - Laboratory/Pathology): LOINC code, the value in UCUM, its
 * reference range and interpretation; the hospital performed it (the profile needs a performer, and the
 * hospital's laboratory is the one the reports come from).
 */
export function observationResource(
  row: ObservationRow,
  entry: EntryId,
  context: MappingContext,
): Observation {
  const interpretation = interpretationOf(row);
  const range = {
    ...(row.referenceLow !== null ? { low: quantity(row.referenceLow, row) } : {}),
    ...(row.referenceHigh !== null ? { high: quantity(row.referenceHigh, row) } : {}),
  };
  return {
    resourceType: 'Observation',
    id: entry.id,
    meta: { profile: [profiles.laboratoryResult] },
    status: 'final',
    category: [concept([{ system: systems.observationCategory, code: 'laboratory', display: 'Laboratory' }])],
    code: concept([{ system: systems.loinc, code: row.loincCode }], displayOf(row, context.language)),
    subject: referenceTo(context.patient),
    effectiveDateTime: row.effectiveAt.toISOString(),
    performer: [referenceTo(context.organization)],
    valueQuantity: quantity(row.value, row),
    ...(interpretation
      ? {
          interpretation: [
            concept([
              {
                system: systems.interpretation,
                code: interpretation,
                display: interpretations[interpretation],
              },
            ]),
          ],
        }
      : {}),
    ...(Object.keys(range).length > 0 ? { referenceRange: [range] } : {}),
  };
}
