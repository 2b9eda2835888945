/** The profile call and the patient record: what every screen's context is built from. */
import { isHTTPError } from 'ky';
import * as v from 'valibot';
import { getJson } from '../api/request';
import type { Patient } from '../contract/patient';
import { Patient as PatientSchema } from '../contract/patient';
import type { CurrentUser, ProfileDenied } from '../contract/user';
import { CurrentUser as CurrentUserSchema, ProfileDenied as ProfileDeniedSchema } from '../contract/user';

export type ProfileResult = { kind: 'user'; user: CurrentUser } | { kind: 'denied'; denied: ProfileDenied };

/** `GET /me`; a 403 with the contract's `ProfileDenied` is an answer, not a failure. */
export async function fetchProfile(): Promise<ProfileResult> {
  try {
    const user = await getJson('me', CurrentUserSchema, { context: { quiet: [403] } });
    return { kind: 'user', user };
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 403) {
      // ky has read the body already: its parsed JSON is `error.data`.
      const denied = v.safeParse(ProfileDeniedSchema, error.data);
      if (denied.success) return { kind: 'denied', denied: denied.output };
    }
    throw error;
  }
}

export function fetchPatient(patientId: number): Promise<Patient> {
  return getJson(`patients/${patientId}`, PatientSchema);
}
