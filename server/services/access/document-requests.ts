import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from './gate';

/**
 * Who may request copies and see the archive: the patient for themself, and physicians and operators at
 * the desk on behalf of a patient they may access (the one access check, audited). Administrators run the
 * system, not the desk; a guest's rights (chat, download, project, dossier, messaging) do not include
 * ordering copies, which cost money and carry the patient's address.
 */
export async function authorizeRequests(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: 'DOCUMENT_REQUEST_READ' | 'DOCUMENT_REQUEST_WRITE',
): Promise<void> {
  if (user.userType !== 'PAT' && user.userType !== 'PHY' && user.userType !== 'OPT')
    throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, user, patientId, activity);
}
