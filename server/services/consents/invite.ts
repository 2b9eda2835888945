import type { Database } from '../../db/client';
import { recordInvitation } from './record';

/**
 * Staff invite a patient to consents: every invitation in one transaction, so a request either invites to
 * all the consents it names or to none.
 */
export async function recordInvitations(
  db: Database,
  targets: readonly { consentCode: string; projectId: number | null }[],
  invitation: { patientId: number; invitedByUserId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const target of targets) await recordInvitation(tx, { ...target, ...invitation });
  });
}
