import type { Permission } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { patientExists } from '../patients';
import { authorizePatientAccess, hasDossierConsent, recordAccessOutsideGate } from './gate';

export function requirePermission(user: UserRow, permission: Permission): void {
  if (!(user.permissions as readonly string[]).includes(permission))
    throw new HttpError(403, 'PERMISSION_MISSING');
}

/**
 * Access to a patient's consents. As for the dossier (audited through authorizePatientAccess), except
 * that a physician or operator may reach the consents of a patient who has not given the dossier
 * consent yet: collecting that consent is how the dossier opens. Only the consents: the access is
 * audited with the title NONE and a detail saying why.
 */
export async function authorizeConsentAccess(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: 'CONSENT_READ' | 'CONSENT_WRITE',
  detail?: string,
): Promise<void> {
  const collector = user.userType === 'PHY' || user.userType === 'OPT';
  if (!collector || (await hasDossierConsent(db, patientId))) {
    await authorizePatientAccess(db, user, patientId, activity, detail ? { detail } : {});
    return;
  }
  if (!(await patientExists(db, patientId))) throw new HttpError(404, 'NOT_FOUND');
  await recordAccessOutsideGate(db, {
    user,
    patientId,
    activity,
    outcome: 'ALLOWED',
    detail: detail ?? 'consent collection without dossier consent',
  });
}
