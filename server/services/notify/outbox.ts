import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  categoryOf,
  eventsOf,
  type NotificationEvent,
  type NotificationFrequency,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox, notificationPreferences, users } from '../../db/schema';
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
 * the change commits. Only users who turned the event's category on get a row (preferences are chosen
 * by category; a row saved before an event existed still covers it); its `dueAt` follows their frequency.
 * One act, one notice: a row already queued in the same act (same user, link, time and category) takes the later,
 * more precise event instead of a second row (a project invitation is also a consent to sign). Scheduled
 * notices (`dueAt` given) are each their own row.
 */
export async function queueNotification(tx: Database, cause: NotificationCause): Promise<number> {
  const userIds = [...new Set(cause.userIds)];
  if (userIds.length === 0) return 0;
  const category = eventsOf([categoryOf(cause.event)]);
  const wanting = await tx
    .select({ userId: notificationPreferences.userId, frequency: notificationPreferences.frequency })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, userIds),
        eq(notificationPreferences.enabled, true),
        sql`${notificationPreferences.events} && array[${sql.join(
          category.map((event) => sql`${event}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  if (wanting.length === 0) return 0;
  // A scheduled notice (its own `dueAt`: reminders a day and 15 minutes before, N days before an activity)
  // is one of a series queued together on purpose: it never merges.
  const sameAct =
    cause.dueAt !== undefined
      ? []
      : await tx
          .update(notificationOutbox)
          .set({ event: cause.event })
          .where(
            and(
              inArray(
                notificationOutbox.userId,
                wanting.map((row) => row.userId),
              ),
              eq(notificationOutbox.status, 'PENDING'),
              eq(notificationOutbox.link, cause.link),
              eq(notificationOutbox.createdAt, cause.now),
              inArray(notificationOutbox.event, category),
            ),
          )
          .returning({ userId: notificationOutbox.userId });
  const told = new Set(sameAct.map((row) => row.userId));
  const rest = wanting.filter((row) => !told.has(row.userId));
  if (rest.length > 0)
    await tx.insert(notificationOutbox).values(
      rest.map((row) => ({
        userId: row.userId,
        event: cause.event,
        link: cause.link,
        createdAt: cause.now,
        dueAt: cause.dueAt ?? deliveryTime(row.frequency as NotificationFrequency, cause.now),
      })),
    );
  return wanting.length;
}

/**
 * The entry point for news about patients (a document, a consent, a survey): their own accounts are
 * told, never a guest's (what a guest may see is decided per document and grant, not by a push).
 */
export async function queuePatientNotification(
  tx: Database,
  cause: Omit<NotificationCause, 'userIds'> & { patientIds: readonly number[] },
): Promise<number> {
  const { patientIds, ...rest } = cause;
  if (patientIds.length === 0) return 0;
  const accounts = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.patientId, [...new Set(patientIds)]), eq(users.userType, 'PAT')));
  return queueNotification(tx, { ...rest, userIds: accounts.map((row) => row.id) });
}
