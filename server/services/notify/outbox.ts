import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationEvent, NotificationFrequency } from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox, notificationPreferences } from '../../db/schema';
import { deliveryTime } from './schedule';

export interface NotificationCause {
  userIds: readonly number[];
  event: NotificationEvent;
  /** The portal path a tap opens, e.g. `/dossier` or `/videoconference`. */
  link: string;
  now: Date;
  /** A reminder's own time (care-plan activities): it leaves then, whatever the user's frequency. */
  dueAt?: Date;
}

/**
 * Called by the code that causes an event, inside its transaction: the notification exists only if
 * the change commits. Only users who turned the event on get a row; its `dueAt` follows their frequency.
 */
export async function queueNotification(tx: Database, cause: NotificationCause): Promise<number> {
  const userIds = [...new Set(cause.userIds)];
  if (userIds.length === 0) return 0;
  const wanting = await tx
    .select({ userId: notificationPreferences.userId, frequency: notificationPreferences.frequency })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, userIds),
        eq(notificationPreferences.enabled, true),
        sql`${cause.event} = any(${notificationPreferences.events})`,
      ),
    );
  if (wanting.length === 0) return 0;
  await tx.insert(notificationOutbox).values(
    wanting.map((row) => ({
      userId: row.userId,
      event: cause.event,
      link: cause.link,
      createdAt: cause.now,
      dueAt: cause.dueAt ?? deliveryTime(row.frequency as NotificationFrequency, cause.now),
    })),
  );
  return wanting.length;
}
