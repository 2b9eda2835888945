import type { FhirResourceType } from '../../../../src/contract/fhir';
import { auditEventSource } from './audit-source';
import { pairSource, paiSource } from './care-plan-sources';
import { allergySource, conditionSource, immunizationSource, medicationSource } from './clinical-sources';
import { consentDocumentSource, consentSource } from './consent-sources';
import { documentSource } from './document-source';
import { labResultSource, readingSource } from './observation-sources';
import { patientSource } from './patient-source';
import { questionnaireResponseSource } from './questionnaire-source';
import type { Source } from './source';

/** Where each served type's resources come from; a type of several sources merges them, newest first. */
export const sourcesOf: Partial<Record<FhirResourceType, readonly Source[]>> = {
  Patient: [patientSource],
  Observation: [labResultSource, readingSource],
  Condition: [conditionSource],
  AllergyIntolerance: [allergySource],
  MedicationStatement: [medicationSource],
  Immunization: [immunizationSource],
  DocumentReference: [documentSource, consentDocumentSource],
  CarePlan: [paiSource, pairSource],
  QuestionnaireResponse: [questionnaireResponseSource],
  Consent: [consentSource],
  AuditEvent: [auditEventSource],
};
