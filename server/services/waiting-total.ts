import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { conferenceNotificationCount } from './conferences/list';
import { listConsents, notificationOf } from './consents/records';
import { unreadMessageCount } from './messages/read';
import { surveyNotificationCount } from './surveys/patient';
import { uploadNotificationCount } from './uploads/list';

/** The consents notification number (spec 4): invitations to answer and expired consents to renew. */
async function consentsWaiting(db: Database, user: UserRow, now: Date): Promise<number> {
  if (user.patientId === null || !user.permissions.includes('perm.meview.consent.read')) return 0;
  return notificationOf(await listConsents(db, user, user.patientId, 'it', now)).count;
}

/**
 * What waits for a user in all: the counts the app shows (`GET /notifications` and the consents
 * number), summed. The app icon's badge shows it; composed here, outside the areas it
 * reads, so that notify receives it as a callback and no area imports another in a loop.
 */
export async function waitingTotal(db: Database, user: UserRow, now: Date = new Date()): Promise<number> {
  // One after the other: a burst of pushes holds one pooled connection each, not five.
  let total = await conferenceNotificationCount(db, user);
  total += await unreadMessageCount(db, user);
  total += await uploadNotificationCount(db, user, now);
  total += await surveyNotificationCount(db, user, now);
  return total + (await consentsWaiting(db, user, now));
}

/** The same, for the dispatcher, which knows only the user's id; 0 for a user no longer there. */
export async function waitingTotalOf(db: Database, userId: number, now: Date = new Date()): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ? waitingTotal(db, user, now) : 0;
}
