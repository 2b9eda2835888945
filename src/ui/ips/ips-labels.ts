/**
 * The portal's words for the codes an IPS summary uses (FHIR value sets), in the reader's language; a code
 * not listed here is shown as the bundle wrote it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The portal's words for a code, when it has them (own keys only: a code is data from outside). */
export function labelOf(
  table: Readonly<Record<string, MessageDescriptor>>,
  code: string | undefined,
): MessageDescriptor | undefined {
  return code !== undefined && Object.hasOwn(table, code) ? table[code] : undefined;
}

/** Condition and AllergyIntolerance clinical status, MedicationStatement and Immunization status. */
export const STATUS_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  active: msg`In corso`,
  recurrence: msg`Recidiva`,
  relapse: msg`Ricaduta`,
  inactive: msg`Non attivo`,
  remission: msg`In remissione`,
  resolved: msg`Risolto`,
  completed: msg`Concluso`,
  stopped: msg`Sospeso`,
  'on-hold': msg`In pausa`,
  intended: msg`Previsto`,
  'not-taken': msg`Non assunto`,
  'not-done': msg`Non eseguito`,
  'entered-in-error': msg`Registrato per errore`,
  unknown: msg`Sconosciuto`,
};

/** AllergyIntolerance type, category and criticality. */
export const ALLERGY_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  allergy: msg`Allergia`,
  intolerance: msg`Intolleranza`,
  food: msg`Alimento`,
  medication: msg`Farmaco`,
  environment: msg`Ambiente`,
  biologic: msg`Sostanza biologica`,
  low: msg`Bassa`,
  high: msg`Alta`,
  'unable-to-assess': msg`Non valutabile`,
};

/** Observation interpretation (HL7 v3 ObservationInterpretation). */
export const INTERPRETATION_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  H: msg`Alto`,
  HH: msg`Molto alto`,
  L: msg`Basso`,
  LL: msg`Molto basso`,
  N: msg`Nella norma`,
  A: msg`Anomalo`,
  POS: msg`Positivo`,
  NEG: msg`Negativo`,
};

export const GENDER_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  male: msg`Maschio`,
  female: msg`Femmina`,
  other: msg`Altro`,
  unknown: msg`Non indicato`,
};

/** Why a section is empty (HL7 list-empty-reason, as IPS uses it). */
export const EMPTY_REASON_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  nilknown: msg`Nessuno noto`,
  notasked: msg`Non rilevato`,
  withheld: msg`Non comunicato`,
  unavailable: msg`Informazione non disponibile`,
  notstarted: msg`Non ancora iniziato`,
  closed: msg`Chiuso`,
};
