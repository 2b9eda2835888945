import { and, eq, gt, sql } from 'drizzle-orm';
import {
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_MINUTES,
  type NewMessageFields,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { messageRecipients, messages, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { publishLive } from '../live/publish';
import { queueNotification } from '../notify/outbox';
import type { MessageFile } from './form';
import { allowedRecipients, messagePatient } from './recipients';
import { participantsOf, visibleMessage } from './visibility';

/** Key space of the per-sender lock (the two-integer advisory locks never meet the one-bigint ones). */
const SEND_LOCK = 7301;

/**
 * Sends a message: every recipient must be one the caller may write to about the patient, or (a reply)
 * someone of the message answered, which the caller took part in. At most MESSAGE_RATE_LIMIT messages per
 * sender in the window, counted under a per-sender lock so parallel sends cannot pass it together. The
 * recipients are told live and, as they chose in their notification preferences, by push.
 */
export async function sendMessage(
  db: Database,
  user: UserRow,
  requestedPatientId: number | undefined,
  fields: NewMessageFields,
  file: MessageFile | null,
): Promise<number> {
  const parent = fields.replyToId === undefined ? null : await visibleMessage(db, user, fields.replyToId);
  const patientId = parent ? parent.patientId : await messagePatient(db, user, requestedPatientId);
  if (parent) await messagePatient(db, user, parent.patientId ?? undefined).catch(guestOnly(user));
  const allowed = new Set((await allowedRecipients(db, user, patientId)).map((person) => person.id));
  if (parent) for (const id of await participantsOf(db, parent.id)) allowed.add(id);
  allowed.delete(user.id);
  const recipientIds = [...new Set(fields.recipientIds)];
  if (recipientIds.some((id) => !allowed.has(id)))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'recipientIds', code: 'invalid' }]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK}, ${user.id})`);
    const since = new Date(Date.now() - MESSAGE_RATE_WINDOW_MINUTES * 60_000);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.senderUserId, user.id), gt(messages.createdAt, since)));
    if ((recent?.n ?? 0) >= MESSAGE_RATE_LIMIT)
      throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '60' });
    const [row] = await tx
      .insert(messages)
      .values({
        senderUserId: user.id,
        patientId,
        replyToId: parent?.id ?? null,
        threadRootId: parent ? (parent.threadRootId ?? parent.id) : null,
        subject: fields.subject,
        body: fields.body,
        attachmentName: file?.name ?? null,
        attachment: file?.bytes ?? null,
        attachmentSize: file?.bytes.length ?? null,
      })
      .returning({ id: messages.id });
    if (!row) throw new HttpError(500, 'INTERNAL');
    await tx
      .insert(messageRecipients)
      .values(recipientIds.map((recipientUserId) => ({ messageId: row.id, recipientUserId })));
    await publishLive(tx, { topics: ['messages'], userIds: [...recipientIds, user.id] });
    // A push that says only that a message arrived (no sender, subject or patient on a lock screen).
    await queueNotification(tx, {
      userIds: recipientIds,
      event: 'MESSAGE_NEW',
      link: '/messages',
      now: new Date(),
    });
    return row.id;
  });
}

/** A guest who lost the messaging right cannot reply either; others keep their thread. */
const guestOnly =
  (user: UserRow) =>
  (error: unknown): void => {
    if (user.userType === 'GUE') throw error;
  };
