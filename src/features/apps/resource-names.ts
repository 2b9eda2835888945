import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SmartResource } from '../../contract/apps';

/** What an app may read, in the words of the consent page the patient saw (server/idp/consent-messages.ts). */
export const RESOURCE_NAMES: Readonly<Record<SmartResource, MessageDescriptor>> = {
  Patient: msg`Dati anagrafici`,
  Observation: msg`Esami e misurazioni`,
  DocumentReference: msg`Referti e documenti clinici`,
  Binary: msg`File dei referti (PDF)`,
  Condition: msg`Problemi di salute e diagnosi`,
  AllergyIntolerance: msg`Allergie e intolleranze`,
  MedicationStatement: msg`Farmaci`,
  Immunization: msg`Vaccinazioni`,
  CarePlan: msg`Piani di cura`,
  QuestionnaireResponse: msg`Questionari compilati`,
  Consent: msg`Consensi`,
  AuditEvent: msg`Storico degli accessi al fascicolo`,
  '*': msg`Tutto il fascicolo`,
};
