import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from './gate';

/**
 * Guests are managed by the patient alone: staff and guests themselves get ACCESS_DENIED (a guest never
 * sees the list of guests). The access is audited like every read of the patient's data.
 */
export async function authorizeGuestManagement(db: Database, user: UserRow): Promise<number> {
  if (user.userType !== 'PAT' || user.patientId === null) throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, user, user.patientId, 'PATIENT_READ', { detail: 'GUESTS' });
  return user.patientId;
}
