import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messageRecipients, messages, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { messagePatient } from './recipients';

/**
 * A guest's account is one patient (the active grant): their messages about another patient belong to
 * another account and stay out of every box, count and thread. Null for everyone else.
 */
export const accountScope = (user: Pick<UserRow, 'userType' | 'patientId'>): SQL | undefined =>
  user.userType === 'GUE' ? eq(messages.patientId, user.patientId ?? -1) : undefined;

/** The caller wrote it or received it, within the active account. */
export const takesPart = (user: Pick<UserRow, 'id' | 'userType' | 'patientId'>) =>
  and(
    or(
      eq(messages.senderUserId, user.id),
      sql`exists (select 1 from ${messageRecipients} where ${messageRecipients.messageId} = ${messages.id}
        and ${messageRecipients.recipientUserId} = ${user.id})`,
    ),
    accountScope(user),
  );

/** A message the caller takes part in, or 404 (never saying whether it exists). */
export async function visibleMessage(
  db: Database,
  user: UserRow,
  id: number,
): Promise<{ id: number; patientId: number | null; senderUserId: number; threadRootId: number | null }> {
  const [row] = await db
    .select({
      id: messages.id,
      patientId: messages.patientId,
      senderUserId: messages.senderUserId,
      threadRootId: messages.threadRootId,
    })
    .from(messages)
    .where(and(eq(messages.id, id), takesPart(user)))
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** Everyone on a message: its sender and its recipients. */
export async function participantsOf(db: Database, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: messageRecipients.recipientUserId, sender: messages.senderUserId })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(eq(messageRecipients.messageId, id));
  return [...new Set(rows.flatMap((row) => [row.id, row.sender]))];
}

/**
 * Messages are open to patients and staff; a guest reads and writes them only while a live grant carries
 * the messaging right (checked on every request, like every guest right).
 */
export async function requireMessaging(db: Database, user: UserRow): Promise<void> {
  if (user.userType === 'GUE') await messagePatient(db, user, undefined);
}
