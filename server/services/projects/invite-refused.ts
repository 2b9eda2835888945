import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projectMembers } from '../../db/schema';
import { publishLive } from '../live/publish';
import { queueNotification } from '../notify/outbox';

/**
 * A patient refused a project invitation (with a tap, or by signing a refusal): the members' invite
 * screens and filters follow, and the members hear of it (spec 3 "invite refused", SHARED_PROJECT: the
 * project invitation is the one invitation a person can refuse in the portal). Inside the refusal's
 * transaction, so nothing is told of a refusal that did not commit.
 */
export async function tellMembersOfRefusal(
  tx: Database,
  input: { projectId: number; patientId: number; now: Date },
): Promise<void> {
  const members = await tx
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, input.projectId));
  const userIds = members.map((row) => row.id);
  if (userIds.length === 0) return;
  await publishLive(tx, { topics: ['consents'], userIds });
  await queueNotification(tx, {
    userIds,
    event: 'GUEST_INVITE_REFUSED',
    link: `/projectInviteRemove/${input.patientId}`,
    now: input.now,
  });
}
