import type { FhirResourceType } from '../../../../src/contract/fhir';
import { allergySource, conditionSource, immunizationSource, medicationSource } from './clinical-sources';
import { documentSource } from './document-source';
import { labResultSource, readingSource } from './observation-sources';
import { patientSource } from './patient-source';
import type { Source } from './source';

/** Where each served type's resources come from; a type of several sources merges them, newest first. */
export const sourcesOf: Partial<Record<FhirResourceType, readonly Source[]>> = {
  Patient: [patientSource],
  Observation: [labResultSource, readingSource],
  Condition: [conditionSource],
  AllergyIntolerance: [allergySource],
  MedicationStatement: [medicationSource],
  Immunization: [immunizationSource],
  DocumentReference: [documentSource],
};
