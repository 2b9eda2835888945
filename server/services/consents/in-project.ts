import { and, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, users } from '../../db/schema';

/**
 * Project consents in force of these patients (current version, GIVEN, not revoked, not expired): what
 * "takes part in the project now" means everywhere (participation, the care team, inProject).
 */
export function projectConsentsInForce(patientIds: number | number[] | SQL, now: Date): SQL {
  return and(
    typeof patientIds === 'number'
      ? eq(consents.patientId, patientIds)
      : inArray(consents.patientId, patientIds),
    isNotNull(consents.projectId),
    eq(consents.superseded, false),
    eq(consents.statusCode, 'GIVEN'),
    isNull(consents.revokedAt),
    or(isNull(consents.expiresAt), gt(consents.expiresAt, now)),
  ) as SQL;
}

/**
 * `currentUser.inProject` follows participation: the patient's account is in a project while
 * any project consent of theirs is in force. Called in the transaction that changed a project consent.
 */
export async function syncInProject(tx: Database, patientId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    update ${users} set in_project = exists (
      select 1 from ${consents} where ${projectConsentsInForce(patientId, now)})
    where ${users.patientId} = ${patientId} and ${users.userType} = 'PAT'`);
}
