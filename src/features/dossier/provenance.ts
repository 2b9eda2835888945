/**
 * A document's provenance unit as shown: hospital units keep their own (Italian) names, but the unit the
 * portal gives to approved uploads is the portal's own words, so it is translated.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CodeDesc } from '../../contract/reference';

/** The unit code of approved patient uploads (server: uploads/types.data.ts, migration 0007). */
export const PATIENT_UPLOAD_UNIT = 'UPL';

export const PATIENT_UPLOAD_LABEL = msg`Caricato dal paziente`;

/** Approved uploads carry the portal's (translated) words; every other unit its Italian name (`lang="it"`). */
export function isPatientUpload(unit: CodeDesc): boolean {
  return unit.code === PATIENT_UPLOAD_UNIT;
}

export function provenanceLabel(unit: CodeDesc, i18n: I18n): string {
  return unit.code === PATIENT_UPLOAD_UNIT ? i18n._(PATIENT_UPLOAD_LABEL) : unit.desc;
}
