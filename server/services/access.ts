import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../app-env';
import { DOSSIER_CONSENT_CODE } from '../constants';
import type { Database } from '../db/client';
import { consents, patients } from '../db/schema';
import { HttpError } from '../http-error';
import { isStaff } from './users';

export async function hasDossierConsent(db: Database, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.patientId, patientId),
        eq(consents.consentCode, DOSSIER_CONSENT_CODE),
        eq(consents.statusCode, 'GIVEN'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The one place that decides whether a user may read a patient's data: the patient themself,
 * the guest the patient delegated, or staff when the patient gave the dossier consent.
 */
export async function assertCanReadPatient(db: Database, user: UserRow, patientId: number): Promise<void> {
  const [patient] = await db
    .select({ mepiId: patients.mepiId })
    .from(patients)
    .where(eq(patients.mepiId, patientId))
    .limit(1);
  if (!patient) throw new HttpError(404, 'NOT_FOUND');
  switch (user.userType) {
    case 'PAT':
    case 'GUE':
      if (user.patientId !== patientId) throw new HttpError(403, 'ACCESS_DENIED');
      return;
    case 'PHY':
    case 'OPT':
    case 'ADM':
      if (!(await hasDossierConsent(db, patientId))) throw new HttpError(403, 'DOSSIER_NOT_AUTHORIZED');
      return;
    default:
      throw new HttpError(403, 'ACCESS_DENIED');
  }
}

/** Lists of patients are for staff only. */
export function assertCanListPatients(user: UserRow): void {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
}
