import type { UserType } from '../contract/user';

/** Patients and their guests act on one dossier: their own (or the one they were given). */
export function isPatientSide(userType: UserType): boolean {
  return userType === 'PAT' || userType === 'GUE';
}

export function isStaff(userType: UserType): boolean {
  return !isPatientSide(userType);
}
