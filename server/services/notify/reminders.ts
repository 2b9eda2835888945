/**
 * Care-plan reminders in the outbox: the days each user chose, and queueing them again when a plan or the
 * user's preferences change. Scheduling is the notify area's; the care plans (services/pai) call it.
 */
import { and, eq, gte, inArray, like, or, sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_DAYS } from '../../../src/contract';
import type { Database } from '../../db/client';
import {
  notificationOutbox,
  notificationPreferences,
  paiActivities,
  paiActivityReminders,
  pais,
  users,
} from '../../db/schema';
import { queueNotification } from './outbox';
import { hospitalToday, reminderLink, reminderTime } from './reminder-dates';

/** Key space of the per-user reminder lock (two-integer advisory locks; see messages/send.ts). */
export const REMINDER_LOCK = 7302;

export interface ReminderTarget {
  paiId: number;
  activityId: number;
  plannedDate: string;
}

export interface ReminderChoice {
  days: number[];
  isDefault: boolean;
}

/** The user's general reminder days (notification preferences), or the default when never chosen. */
export async function generalReminderDays(db: Database, userId: number): Promise<number[]> {
  const [row] = await db
    .select({ days: notificationPreferences.reminderDays })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.days ?? [...DEFAULT_REMINDER_DAYS];
}

/**
 * The caller's reminders for these activities: their own choice, else the general days for the plan's
 * patient (reminders are theirs by default) and none for anyone else.
 */
export async function reminderChoices(
  db: Database,
  userId: number,
  activityIds: number[],
  isPlanPatient: boolean,
): Promise<Map<number, ReminderChoice>> {
  const own =
    activityIds.length === 0
      ? []
      : await db
          .select({ activityId: paiActivityReminders.activityId, days: paiActivityReminders.days })
          .from(paiActivityReminders)
          .where(
            and(
              eq(paiActivityReminders.userId, userId),
              inArray(paiActivityReminders.activityId, activityIds),
            ),
          );
  const general = isPlanPatient ? await generalReminderDays(db, userId) : [];
  return new Map(
    activityIds.map((id) => {
      const row = own.find((entry) => entry.activityId === id);
      return [id, row ? { days: row.days, isDefault: false } : { days: general, isDefault: true }];
    }),
  );
}

const pendingReminders = (userId: number | null, link: string | null) =>
  and(
    eq(notificationOutbox.status, 'PENDING'),
    eq(notificationOutbox.event, 'CARE_PLAN_REMINDER'),
    userId === null ? undefined : eq(notificationOutbox.userId, userId),
    link === null ? like(notificationOutbox.link, '/pai/%') : eq(notificationOutbox.link, link),
  );

/** Drops what waits for an activity (every user): it is done, nothing is left to remind. */
export async function dropActivityReminders(tx: Database, target: Omit<ReminderTarget, 'plannedDate'>) {
  await tx
    .update(notificationOutbox)
    .set({ status: 'DROPPED' })
    .where(pendingReminders(null, reminderLink(target.paiId, target.activityId)));
}

/**
 * Replaces one user's pending reminders of an activity with one row per day offset, each due at the
 * digest hour of (date − days); offsets already past are skipped. Only a user who wants care-plan
 * reminders gets rows (queueNotification decides).
 */
export async function queueActivityReminders(
  tx: Database,
  userId: number,
  target: ReminderTarget,
  days: readonly number[],
  now: Date,
): Promise<void> {
  const link = reminderLink(target.paiId, target.activityId);
  await tx.update(notificationOutbox).set({ status: 'DROPPED' }).where(pendingReminders(userId, link));
  for (const offset of new Set(days)) {
    const dueAt = reminderTime(target.plannedDate, offset);
    if (dueAt.getTime() <= now.getTime()) continue;
    await queueNotification(tx, { userIds: [userId], event: 'CARE_PLAN_REMINDER', link, now, dueAt });
  }
}

/**
 * Queues again all of a user's care-plan reminders (their general preferences changed): the to-do
 * activities of ACTIVE plans still ahead, that are the user's own plans or have the user's own choice.
 */
export async function rescheduleUserReminders(tx: Database, userId: number, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REMINDER_LOCK}, ${userId})`);
  await tx.update(notificationOutbox).set({ status: 'DROPPED' }).where(pendingReminders(userId, null));
  const [user] = await tx
    .select({ patientId: users.patientId, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const ownPlans =
    user.userType === 'PAT' && user.patientId !== null ? eq(pais.patientId, user.patientId) : undefined;
  const rows = await tx
    .select({
      paiId: pais.id,
      activityId: paiActivities.id,
      plannedDate: paiActivities.plannedDate,
      days: paiActivityReminders.days,
    })
    .from(paiActivities)
    .innerJoin(pais, eq(pais.id, paiActivities.paiId))
    .leftJoin(
      paiActivityReminders,
      and(eq(paiActivityReminders.activityId, paiActivities.id), eq(paiActivityReminders.userId, userId)),
    )
    .where(
      and(
        eq(pais.status, 'ACTIVE'),
        eq(paiActivities.status, 'TODO'),
        gte(paiActivities.plannedDate, hospitalToday(now)),
        or(ownPlans, sql`${paiActivityReminders.userId} is not null`),
      ),
    );
  if (rows.length === 0) return;
  const general = await generalReminderDays(tx, userId);
  for (const row of rows) await queueActivityReminders(tx, userId, row, row.days ?? general, now);
}
