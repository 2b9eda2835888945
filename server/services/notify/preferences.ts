import { and, eq, ne, notInArray } from 'drizzle-orm';
import {
  ACCOUNT_NOTICE_EVENTS,
  type AccessAlerts,
  categoriesOf,
  DEFAULT_REMINDER_DAYS,
  eventsOf,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type NotificationFrequency,
  type NotificationPreferences,
  type PreferenceEvent,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox, notificationPreferences, users } from '../../db/schema';
import { rescheduleUserReminders } from './reminders';
import { deliveryTime } from './schedule';

/**
 * Until a user chooses, nothing leaves the portal: notifications are opt-in (docs/decisions.md), with
 * every event ticked so that turning the general switch on is one tap.
 */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  enabled: false,
  frequency: 'INSTANT',
  events: Object.values(NOTIFICATION_EVENTS).flat(),
  important: [],
  reminderDays: [...DEFAULT_REMINDER_DAYS],
  accessAlerts: 'OFF',
};

type PreferencesRow = typeof notificationPreferences.$inferSelect;

/**
 * Preferences are chosen by category: an event chosen turns its whole category on, so an event added
 * later (a consent to sign, a survey sent) reaches whoever had its category on.
 */
function wholeCategories(events: readonly string[]): PreferenceEvent[] {
  const known: readonly string[] = Object.values(NOTIFICATION_EVENTS).flat();
  return eventsOf(categoriesOf(events.filter((event): event is NotificationEvent => known.includes(event))));
}

function fromRow(row: PreferencesRow): NotificationPreferences {
  return {
    enabled: row.enabled,
    frequency: row.frequency as NotificationFrequency,
    events: wholeCategories(row.events),
    important: row.important as NotificationPreferences['important'],
    reminderDays: row.reminderDays,
    accessAlerts: row.accessAlerts as AccessAlerts,
  };
}

export async function readPreferences(db: Database, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ? fromRow(row) : DEFAULT_PREFERENCES;
}

/**
 * Replaces the user's preferences. What waits in the outbox follows at once: events turned off (or
 * the general switch) are dropped, and a new frequency moves the pending ones to its next slot.
 */
export async function savePreferences(
  db: Database,
  userId: number,
  input: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  const saved: NotificationPreferences = {
    ...input,
    events: wholeCategories(input.events),
    important: [...new Set(input.important)],
    reminderDays: [...new Set(input.reminderDays)].sort((a, b) => a - b),
  };
  await db.transaction(async (tx) => {
    // Access alerts are about a patient's own dossier: anyone else is saved with them off.
    const [owner] = await tx.select({ type: users.userType }).from(users).where(eq(users.id, userId));
    if (owner?.type !== 'PAT') saved.accessAlerts = 'OFF';
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...saved, updatedAt: now })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...saved, updatedAt: now } });
    // Notices about the account leave whatever the preferences: neither dropped nor moved to a digest slot.
    const mine = and(
      eq(notificationOutbox.userId, userId),
      eq(notificationOutbox.status, 'PENDING'),
      notInArray(notificationOutbox.event, [...ACCOUNT_NOTICE_EVENTS]),
    );
    await tx
      .update(notificationOutbox)
      .set({ status: 'DROPPED' })
      .where(and(mine, saved.enabled ? notInArray(notificationOutbox.event, saved.events) : undefined));
    // A care-plan reminder keeps its own time (days before the activity); it is requeued instead, as
    // the general reminder days may have changed.
    await tx
      .update(notificationOutbox)
      .set({ dueAt: deliveryTime(saved.frequency, now) })
      .where(and(mine, ne(notificationOutbox.event, 'CARE_PLAN_REMINDER')));
    await rescheduleUserReminders(tx, userId, now);
  });
  return saved;
}
