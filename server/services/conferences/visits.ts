import { and, eq, inArray } from 'drizzle-orm';
import { visitJoinOpensAt } from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox } from '../../db/schema';
import { HttpError } from '../../http-error';
import { queueNotification } from '../notify/outbox';

/**
 * Booked visits: a conference with a start time. Both parties are reminded the day before and
 * 15 minutes before (each under their own preferences; the text names no one and nothing clinical), and
 * nobody enters before VISIT_JOIN_EARLY_MINUTES ahead of the start.
 */
export const VISIT_REMINDERS_BEFORE_MS = [24 * 60 * 60_000, 15 * 60_000] as const;

/** The reminders' link: the list, with the visit's id so that its pending reminders can be dropped. */
export function visitLink(conferenceId: number): string {
  return `/videoconference?visit=${conferenceId}`;
}

export interface BookedVisit {
  id: number;
  scheduledAt: Date;
  requestedByUserId: number;
  inviteeUserId: number;
}

/** Queues the reminders still ahead, inside the booking's transaction. */
export async function queueVisitReminders(tx: Database, visit: BookedVisit, now: Date): Promise<void> {
  for (const before of VISIT_REMINDERS_BEFORE_MS) {
    const dueAt = new Date(visit.scheduledAt.getTime() - before);
    if (dueAt.getTime() <= now.getTime()) continue;
    await queueNotification(tx, {
      userIds: [visit.inviteeUserId, visit.requestedByUserId],
      event: 'CONFERENCE_REMINDER',
      link: visitLink(visit.id),
      now,
      dueAt,
    });
  }
}

/** The visit will not take place (rejected, ended): what still waits to remind of it goes. */
export async function dropVisitReminders(tx: Database, conferenceIds: readonly number[]): Promise<void> {
  if (conferenceIds.length === 0) return;
  await tx
    .update(notificationOutbox)
    .set({ status: 'DROPPED' })
    .where(
      and(
        eq(notificationOutbox.status, 'PENDING'),
        eq(notificationOutbox.event, 'CONFERENCE_REMINDER'),
        inArray(notificationOutbox.link, conferenceIds.map(visitLink)),
      ),
    );
}

/** Whether a conference may be entered now: a call "now" always, a booked visit from its opening. */
export function isJoinOpen(scheduledAt: Date | null, now: Date): boolean {
  return scheduledAt === null || now.getTime() >= visitJoinOpensAt(scheduledAt).getTime();
}

/** The server's refusal of an early entry (the button is disabled too, but the rule holds here). */
export function assertJoinOpen(scheduledAt: Date | null, now: Date = new Date()): void {
  if (!isJoinOpen(scheduledAt, now)) throw new HttpError(409, 'CONFERENCE_NOT_YET_OPEN');
}
