/**
 * What a patient's consent to a third-party app adds to the provider's grant: the patient the app reads
 * and the account it reads as. oidc-provider keeps no field of our own in a grant, so they ride in its
 * `rar` list (the grant's authorization details, stored with it, never sent anywhere while Rich
 * Authorization Requests are off): revoking the grant takes them with it.
 */
import type { Grant } from 'oidc-provider';

/** The authorization detail's type: one per app grant. */
export const PATIENT_CONTEXT = 'urn:dossier:smart-patient';

export interface PatientContext {
  /** The FHIR Patient id (the portal's patient id). */
  patient: number;
  /**
   * The account the app reads as: the user's subject, or a guest's account for that patient
   * (`<subject>#g<guest grant>`), so every read is held to what that account may see.
   */
  account: string;
}

interface StoredDetail {
  type: string;
  patient?: unknown;
  account?: unknown;
}

/** Reads the context out of a stored grant payload's `rar` (the token check reads the row, not a model). */
export function patientContextOf(rar: unknown): PatientContext | null {
  if (!Array.isArray(rar)) return null;
  const detail = (rar as StoredDetail[]).find((item) => item?.type === PATIENT_CONTEXT);
  if (!detail || typeof detail.patient !== 'number' || typeof detail.account !== 'string') return null;
  return { patient: detail.patient, account: detail.account };
}

export function grantPatientContext(grant: Grant | undefined): PatientContext | null {
  return grant ? patientContextOf(grant.rar) : null;
}

export function setPatientContext(grant: Grant, context: PatientContext): void {
  grant.rar = [
    ...(grant.rar ?? []).filter((item) => item.type !== PATIENT_CONTEXT),
    { type: PATIENT_CONTEXT, ...context },
  ];
}
