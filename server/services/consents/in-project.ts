import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, users } from '../../db/schema';

/**
 * `currentUser.inProject` follows participation (issue 13): the patient's account is in a project while
 * any project consent of theirs is in force. Called in the transaction that changed a project consent.
 */
export async function syncInProject(tx: Database, patientId: number, now: Date): Promise<void> {
  await tx.execute(sql`
    update ${users} set in_project = exists (
      select 1 from ${consents}
      where ${consents.patientId} = ${patientId} and ${consents.projectId} is not null
        and ${consents.superseded} = false and ${consents.statusCode} = 'GIVEN' and ${consents.revokedAt} is null
        and (${consents.expiresAt} is null or ${consents.expiresAt} > ${now}))
    where ${users.patientId} = ${patientId} and ${users.userType} = 'PAT'`);
}
