import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationOutbox, users } from '../../db/schema';
import { recordLinkOpen } from '../access/recorded';

/** Where the notice of an open leads: the patient's list of links, with who opened which. */
export const SHL_LIST_LINK = '/shared-links';

/**
 * An open of a link: in the patient's treatment history under the name the recipient gave, and a notice
 * to the patient's own accounts and to the guest who made it, which leaves at once whatever the
 * preferences, like a login from a new device.
 */
export async function recordOpen(
  db: Database,
  link: { id: number; patientId: number; createdBy: number; label: string },
  recipient: string,
  now: Date,
): Promise<void> {
  await recordLinkOpen(db, link.patientId, recipient, link.label);
  const told = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.enabled, true),
        or(eq(users.id, link.createdBy), and(eq(users.patientId, link.patientId), eq(users.userType, 'PAT'))),
      ),
    );
  if (told.length === 0) return;
  await db.insert(notificationOutbox).values(
    told.map((person) => ({
      userId: person.id,
      event: 'SHL_OPENED',
      link: SHL_LIST_LINK,
      createdAt: now,
      dueAt: now,
    })),
  );
}
