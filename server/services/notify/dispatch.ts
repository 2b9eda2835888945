import { and, eq, inArray, lte } from 'drizzle-orm';
import type { NotificationEvent } from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox } from '../../db/schema';
import type { Localized } from '../language';
import { digestTitle, EVENT_TITLES, OPEN_FOR_DETAILS } from './texts';

/** What reaches a device: no clinical content, a link to open, a tag that replaces an older one. */
export interface NotificationMessage {
  title: Localized;
  body: Localized;
  link: string;
  /** Several rows grouped into one digest. */
  count: number;
  /** The outbox rows it carries: the SMS fallback is decided once per row. */
  outboxIds: number[];
  /** Their events: an SMS only for a category the user marked important. */
  events: NotificationEvent[];
}

/** Delivers to a user's devices (web push; SMS when push stops arriving). */
export interface NotificationChannel {
  deliver(userId: number, message: NotificationMessage): Promise<'delivered' | 'unreachable'>;
}

/** A claim older than this was lost with its process: the rows go back to the queue. */
export const CLAIM_TIMEOUT_MS = 5 * 60_000;

type OutboxRow = typeof notificationOutbox.$inferSelect;

function messageFor(rows: OutboxRow[]): NotificationMessage {
  const [first] = rows;
  if (!first) throw new Error('empty notification group');
  const links = new Set(rows.map((row) => row.link));
  const carried = {
    outboxIds: rows.map((row) => row.id),
    events: rows.map((row) => row.event as NotificationEvent),
  };
  if (rows.length === 1) {
    return {
      title: EVENT_TITLES[first.event as NotificationEvent],
      body: OPEN_FOR_DETAILS,
      link: first.link,
      count: 1,
      ...carried,
    };
  }
  return {
    title: digestTitle(rows.length),
    body: OPEN_FOR_DETAILS,
    link: links.size === 1 ? first.link : '/home',
    count: rows.length,
    ...carried,
  };
}

/**
 * Claims the due rows (each by one process only: SKIP LOCKED, then status SENDING), groups them per
 * user into one message (a digest when several) and hands each to the channel. Returns the users served.
 */
export async function dispatchNotifications(
  db: Database,
  channel: NotificationChannel,
  now: Date,
  limit = 200,
): Promise<number> {
  await db
    .update(notificationOutbox)
    .set({ status: 'PENDING', claimedAt: null })
    .where(
      and(
        eq(notificationOutbox.status, 'SENDING'),
        lte(notificationOutbox.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS)),
      ),
    );
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.status, 'PENDING'), lte(notificationOutbox.dueAt, now)))
    .orderBy(notificationOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(notificationOutbox)
    .set({ status: 'SENDING', claimedAt: now })
    .where(and(inArray(notificationOutbox.id, due), eq(notificationOutbox.status, 'PENDING')))
    .returning();
  if (rows.length === 0) return 0;
  const byUser = Map.groupBy(rows, (row) => row.userId);
  for (const [userId, group] of byUser) {
    const groupIds = group.map((row) => row.id);
    const outcome = await channel.deliver(userId, messageFor(group)).catch(() => 'failed' as const);
    await db
      .update(notificationOutbox)
      .set({ status: outcome === 'delivered' ? 'SENT' : outcome.toUpperCase(), sentAt: now })
      .where(inArray(notificationOutbox.id, groupIds));
  }
  return byUser.size;
}
