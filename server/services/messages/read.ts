import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MessageDetail, MessageList, MessageSummary, PagingQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { messageRecipients, messages, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { publishLive } from '../live/publish';
import { accountScope, takesPart, visibleMessage } from './visibility';

const PREVIEW = 140;

const received = (user: UserRow): SQL =>
  and(
    sql`exists (select 1 from ${messageRecipients} where ${messageRecipients.messageId} = ${messages.id}
      and ${messageRecipients.recipientUserId} = ${user.id})`,
    accountScope(user),
  ) as SQL;

const sent = (user: UserRow): SQL => and(eq(messages.senderUserId, user.id), accountScope(user)) as SQL;

/** The caller's own read time of each message (null unread, or not a recipient). */
const ownReadAt = (userId: number) =>
  sql<Date | null>`(select ${messageRecipients.readAt} from ${messageRecipients}
    where ${messageRecipients.messageId} = ${messages.id} and ${messageRecipients.recipientUserId} = ${userId})`;

async function summaries(
  db: Database,
  user: UserRow,
  where: SQL,
  page?: PagingQuery,
): Promise<MessageSummary[]> {
  const query = db
    .select({
      id: messages.id,
      subject: messages.subject,
      preview: sql<string>`left(${messages.body}, ${PREVIEW})`,
      senderId: messages.senderUserId,
      senderName: users.displayName,
      patientId: messages.patientId,
      createdAt: messages.createdAt,
      readAt: ownReadAt(user.id),
      hasAttachment: sql<boolean>`${messages.attachmentSize} is not null`,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderUserId))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id));
  const rows = page ? await query.limit(page.max).offset(page.offset) : await query;
  const deliveries = rows.length
    ? await db
        .select({
          messageId: messageRecipients.messageId,
          id: users.id,
          displayName: users.displayName,
          readAt: messageRecipients.readAt,
        })
        .from(messageRecipients)
        .innerJoin(users, eq(users.id, messageRecipients.recipientUserId))
        .where(
          inArray(
            messageRecipients.messageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(users.displayName)
    : [];
  const iso = (value: Date | string | null): string | null =>
    value === null ? null : new Date(value).toISOString();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    preview: row.preview,
    sender: { id: row.senderId, displayName: row.senderName },
    recipients: deliveries
      .filter((each) => each.messageId === row.id)
      .map((each) => ({ id: each.id, displayName: each.displayName, readAt: iso(each.readAt) })),
    patientId: row.patientId,
    dateCreated: row.createdAt.toISOString(),
    readAt: iso(row.readAt),
    hasAttachment: row.hasAttachment,
  }));
}

async function count(db: Database, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where);
  return row?.n ?? 0;
}

/** `receivedList` (newest first, at most 100 a page) or `sentList`. */
export async function listMessages(
  db: Database,
  user: UserRow,
  box: 'received' | 'sent',
  page: PagingQuery,
): Promise<MessageList> {
  const where = box === 'received' ? received(user) : sent(user);
  const totalCount = await count(db, where);
  return {
    messages: await summaries(db, user, where, page),
    paging: { totalCount, totalPage: Math.ceil(totalCount / page.max), max: page.max, offset: page.offset },
  };
}

/** Marks a received message read (or unread again); tells the sender (read receipt) and the reader's count. */
export async function setRead(db: Database, user: UserRow, id: number, read: boolean): Promise<boolean> {
  const message = await visibleMessage(db, user, id);
  const [own] = await db
    .select({ id: messageRecipients.messageId })
    .from(messageRecipients)
    .where(and(eq(messageRecipients.messageId, id), eq(messageRecipients.recipientUserId, user.id)));
  // Only a recipient has a read state: the sender's own copy answers 404 here.
  if (!own) throw new HttpError(404, 'NOT_FOUND');
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(messageRecipients)
      .set({ readAt: read ? new Date() : null })
      .where(
        and(
          eq(messageRecipients.messageId, id),
          eq(messageRecipients.recipientUserId, user.id),
          read ? isNull(messageRecipients.readAt) : sql`${messageRecipients.readAt} is not null`,
        ),
      )
      .returning({ id: messageRecipients.messageId });
    if (changed.length > 0)
      await publishLive(tx, { topics: ['messages'], userIds: [user.id, message.senderUserId] });
    return changed.length > 0;
  });
}

/** `GET /messages/{id}`: the message and its thread as the caller sees it; opening it marks it read. */
export async function readMessage(db: Database, user: UserRow, id: number): Promise<MessageDetail> {
  const message = await visibleMessage(db, user, id);
  await setRead(db, user, id, true).catch(() => false);
  const root = message.threadRootId ?? message.id;
  const thread = await summaries(
    db,
    user,
    and(or(eq(messages.id, root), eq(messages.threadRootId, root)), takesPart(user)) as SQL,
  );
  const [extra] = await db
    .select({
      body: messages.body,
      replyToId: messages.replyToId,
      name: messages.attachmentName,
      size: messages.attachmentSize,
    })
    .from(messages)
    .where(eq(messages.id, id));
  const self = thread.find((each) => each.id === id);
  if (!self || !extra) throw new HttpError(404, 'NOT_FOUND');
  const bodies = await db
    .select({ id: messages.id, body: messages.body })
    .from(messages)
    .where(
      inArray(
        messages.id,
        thread.map((each) => each.id),
      ),
    );
  const bodyOf = new Map(bodies.map((row) => [row.id, row.body]));
  return {
    ...self,
    body: extra.body,
    replyToId: extra.replyToId,
    attachment: extra.name && extra.size ? { name: extra.name, byteSize: extra.size } : null,
    thread: thread.reverse().map((each) => ({ ...each, body: bodyOf.get(each.id) ?? '' })),
  };
}

/** The attachment's bytes, for someone on the message. */
export async function messageAttachment(
  db: Database,
  user: UserRow,
  id: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  await visibleMessage(db, user, id);
  const [row] = await db
    .select({ name: messages.attachmentName, bytes: messages.attachment })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row?.name || !row.bytes) throw new HttpError(404, 'NOT_FOUND');
  return { name: row.name, bytes: row.bytes };
}

/** Unread received messages: the `messages` count of `GET /notifications`. */
export async function unreadMessageCount(db: Database, user: UserRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(
      and(
        eq(messageRecipients.recipientUserId, user.id),
        isNull(messageRecipients.readAt),
        accountScope(user),
      ),
    );
  return row?.n ?? 0;
}

/** `GET /userMessage`: the caller's counts. */
export async function userMessageState(
  db: Database,
  user: UserRow,
): Promise<{ unread: number; received: number; sent: number }> {
  return {
    unread: await unreadMessageCount(db, user),
    received: await count(db, received(user)),
    sent: await count(db, sent(user)),
  };
}
