import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { UserRow } from '../app-env';
import { DOSSIER_CONSENT_CODE } from '../constants';
import type { Database } from '../db/client';
import { consents, patients } from '../db/schema';
import { HttpError } from '../http-error';
import { type AccessTitle, type AuditActivity, recordAccess } from './audit';
import { isStaff } from './users';

/** The current version of the dossier consent is GIVEN, not revoked and not expired. */
export async function hasDossierConsent(
  db: Database,
  patientId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.patientId, patientId),
        eq(consents.consentCode, DOSSIER_CONSENT_CODE),
        eq(consents.superseded, false),
        eq(consents.statusCode, 'GIVEN'),
        isNull(consents.revokedAt),
        or(isNull(consents.expiresAt), gt(consents.expiresAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Why this user may read this patient, or the refusal (not yet audited). */
async function decide(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<{ title: AccessTitle; refusal: HttpError | null }> {
  switch (user.userType) {
    case 'PAT':
      return user.patientId === patientId
        ? { title: 'SELF', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
    case 'GUE':
      return user.patientId === patientId
        ? { title: 'DELEGATE', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
    case 'PHY':
    case 'OPT':
    case 'ADM':
      return (await hasDossierConsent(db, patientId))
        ? { title: 'DOSSIER_CONSENT', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'DOSSIER_NOT_AUTHORIZED') };
    default:
      return { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
  }
}

/**
 * The one place that decides whether a user may read a patient's data: the patient themself, the guest
 * the patient delegated, or staff when the patient gave the dossier consent. Every attempt on an existing
 * patient, allowed or refused, is written to the audit trail. Returns the access title.
 */
export async function authorizePatientAccess(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  audit: { documentId?: number; documentTypeCode?: string; detail?: string } = {},
): Promise<AccessTitle> {
  const [patient] = await db
    .select({ mepiId: patients.mepiId })
    .from(patients)
    .where(eq(patients.mepiId, patientId))
    .limit(1);
  if (!patient) throw new HttpError(404, 'NOT_FOUND');
  const { title, refusal } = await decide(db, user, patientId);
  await recordAccess(db, {
    user,
    patientId,
    activity,
    accessTitle: title,
    outcome: refusal ? 'DENIED' : 'ALLOWED',
    ...audit,
  });
  if (refusal) throw refusal;
  return title;
}

/** Lists of patients are for staff only. */
export function assertCanListPatients(user: UserRow): void {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
}
