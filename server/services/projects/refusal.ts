import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { currentConsents } from '../consents/records';
import { tellMembersOfRefusal } from './invite-refused';
import { tellPatient } from './participants';

/**
 * The patient refuses an invitation: the INVITE version is superseded by a REJECTED one, as the signed
 * refusal of the consents call would record it, without a signature (saying no commits to nothing).
 * Only the patient's own account refuses; anyone else is told there is nothing here (404), since a
 * guest must not learn of the invitation and staff record a refusal on paper.
 */
export async function refuseInvitation(db: Database, user: UserRow, patientId: number, projectId: number) {
  if (user.userType !== 'PAT' || user.patientId !== patientId) throw new HttpError(404, 'NOT_FOUND');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${patientId})`);
    const current = (await currentConsents(tx, patientId)).find((row) => row.projectId === projectId);
    if (!current) throw new HttpError(404, 'NOT_FOUND');
    if (current.statusCode !== 'INVITE') throw new HttpError(409, 'CONSENT_EDIT_ERROR');
    await tx.update(consents).set({ superseded: true, updatedAt: now }).where(eq(consents.id, current.id));
    const previous = (current.details ?? {}) as { version?: number };
    await tx.insert(consents).values({
      patientId,
      consentCode: current.consentCode,
      projectId,
      statusCode: 'REJECTED',
      details: { jsonData: {}, version: (previous.version ?? 1) + 1, refusedBy: user.id },
      collectedByUserId: user.id,
      previousConsentId: current.id,
      createdAt: now,
      updatedAt: now,
    });
    await tellMembersOfRefusal(tx, { projectId, patientId, now });
  });
  await tellPatient(db, patientId);
}
