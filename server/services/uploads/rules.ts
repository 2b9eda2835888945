import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { DOSSIER_CONSENT_CODE } from '../../constants';
import { consents, type UserRow, uploadApprovers, uploadedDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { requirePermission } from '../access/consents';

/**
 * Who does what with uploads (decisions, docs/decisions.md "Uploaded documents"):
 * - every call needs perm.meview.customDocument.read (403 PERMISSION_MISSING);
 * - a patient uploads, modifies and deletes their own uploads, and reads them;
 * - a physician reviews (validates or rejects) the uploads addressed to them, or addressed to nobody,
 *   of patients whose dossier they may open (dossier consent); they read the same uploads and those they
 *   reviewed. Operators, administrators and guests have no part in it, even with the permission.
 */
export function requireUploadRole(user: UserRow, ...roles: ('PAT' | 'PHY')[]): 'PAT' | 'PHY' {
  requirePermission(user, 'perm.meview.customDocument.read');
  const role = user.userType;
  if ((role === 'PAT' || role === 'PHY') && roles.includes(role)) return role;
  throw new HttpError(403, 'PERMISSION_MISSING');
}

/** A patient's own uploads: the patient record the account opens. */
export function ownedBy(user: UserRow): SQL {
  return eq(uploadedDocuments.patientId, user.patientId ?? -1);
}

/** The upload is addressed to this physician, or to nobody. */
export function addressedTo(physicianId: number): SQL {
  const approver = sql`select 1 from ${uploadApprovers} where ${uploadApprovers.uploadId} = ${uploadedDocuments.id}`;
  return or(
    sql`not exists (${approver})`,
    sql`exists (${approver} and ${uploadApprovers.physicianUserId} = ${physicianId})`,
  ) as SQL;
}

/** What a physician may read: addressed to them (or nobody), or reviewed by them. */
export function visibleToPhysician(physicianId: number): SQL {
  return or(addressedTo(physicianId), eq(uploadedDocuments.reviewedByUserId, physicianId)) as SQL;
}

/**
 * The patient gave the dossier consent: the same rule as `hasDossierConsent` (services/access/gate.ts), written
 * as a condition so a physician's list across patients is filtered and counted in SQL.
 */
export function dossierConsentGiven(now: Date): SQL {
  return sql`exists (select 1 from ${consents} where ${and(
    eq(consents.patientId, uploadedDocuments.patientId),
    eq(consents.consentCode, DOSSIER_CONSENT_CODE),
    eq(consents.superseded, false),
    eq(consents.statusCode, 'GIVEN'),
    isNull(consents.revokedAt),
    or(isNull(consents.expiresAt), gt(consents.expiresAt, now)),
  )})`;
}

/** Pending uploads a physician may review now: the physician's "to approve" list and notification. */
export function awaitingReviewBy(physicianId: number, now: Date): SQL {
  return and(
    eq(uploadedDocuments.status, 'PENDING'),
    addressedTo(physicianId),
    dossierConsentGiven(now),
  ) as SQL;
}

/** Reviews the owner has not seen yet: the patient's notification. */
export function unseenReviewsOf(user: UserRow): SQL {
  return and(
    ownedBy(user),
    sql`${uploadedDocuments.status} <> 'PENDING'`,
    or(
      isNull(uploadedDocuments.ownerSeenAt),
      sql`${uploadedDocuments.ownerSeenAt} < ${uploadedDocuments.reviewedAt}`,
    ),
  ) as SQL;
}

/** Only a pending upload is modified, deleted, validated or rejected. */
export function assertPending(status: string): void {
  if (status !== 'PENDING') throw new HttpError(409, 'UPLOAD_NOT_PENDING');
}
