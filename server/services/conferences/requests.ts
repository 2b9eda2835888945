import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { type RequestConferenceBody, visitStart } from '../../../src/contract';
import type { Database } from '../../db/client';
import { conferences, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Language } from '../language';
import { publishLive } from '../live/publish';
import { queueNotification } from '../notify/outbox';
import { checkCanCreate } from './relation';
import { dropVisitReminders, queueVisitReminders } from './visits';

/** Requests one physician may make in an hour, whatever their answers: a loop or a script stops here. */
export const CONFERENCE_REQUESTS_PER_HOUR = 30;
const HOUR_MS = 60 * 60_000;
/** Where a notification about a conference lands: the list, with the answer or the join button. */
const CONFERENCES_LINK = '/videoconference';
/** Lock namespace of a physician's requests (the second key is the user id). */
const REQUEST_LOCK = 0x636f6e66; // "conf"

/** Tells both parties that their lists and counts changed, when the change commits. */
function announce(tx: Database, row: { requestedByUserId: number; inviteeUserId: number }): Promise<void> {
  return publishLive(tx, {
    topics: ['conferences'],
    userIds: [row.requestedByUserId, row.inviteeUserId],
  });
}

/**
 * `POST /conferences/request/{patientId}`: the physician invites the patient's account, for now or for a
 * booked date and time (then with reminders). One open request per physician and patient (a partial
 * unique index decides between parallel requests), and at most CONFERENCE_REQUESTS_PER_HOUR per
 * physician, counted under a lock on the physician.
 */
export async function requestConference(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
  booking: RequestConferenceBody = {},
  now: Date = new Date(),
): Promise<number> {
  const scheduledAt = booking.date && booking.time ? visitStart(booking.date, booking.time) : null;
  if (user.userType !== 'PHY') throw new HttpError(403, 'ACCESS_DENIED');
  const { allowed, invitee } = await checkCanCreate(db, user, patientId, language, now);
  if (!allowed.canUserCreateConference || !invitee) throw new HttpError(403, 'CONFERENCE_NOT_ALLOWED');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REQUEST_LOCK}, ${user.id})`);
    const [recent] = await tx
      .select({ n: count() })
      .from(conferences)
      .where(
        and(
          eq(conferences.requestedByUserId, user.id),
          gt(conferences.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= CONFERENCE_REQUESTS_PER_HOUR)
      throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '3600' });
    const [created] = await tx
      .insert(conferences)
      .values({
        patientId,
        requestedByUserId: user.id,
        inviteeUserId: invitee.id,
        room: randomBytes(18).toString('base64url'),
        scheduledAt,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: conferences.id });
    if (!created) throw new HttpError(409, 'CONFERENCE_ALREADY_REQUESTED');
    await announce(tx, { requestedByUserId: user.id, inviteeUserId: invitee.id });
    await queueNotification(tx, {
      userIds: [invitee.id],
      event: 'CONFERENCE_REQUESTED',
      link: CONFERENCES_LINK,
      now,
    });
    if (scheduledAt) {
      const visit = { id: created.id, scheduledAt, requestedByUserId: user.id, inviteeUserId: invitee.id };
      await queueVisitReminders(tx, visit, now);
    }
    return created.id;
  });
}

/**
 * The invited patient's answer: ACCEPTED, or REJECTED with the reason. Only a request still INVITED
 * changes (two answers at once: one wins, the other 409); anyone but the invitee gets a 404.
 */
export async function answerConference(
  db: Database,
  user: UserRow,
  id: number,
  answer: { state: 'ACCEPTED' } | { state: 'REJECTED'; reason: string },
  now: Date = new Date(),
): Promise<void> {
  const [row] = await db
    .select({ state: conferences.state })
    .from(conferences)
    .where(and(eq(conferences.id, id), eq(conferences.inviteeUserId, user.id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conferences)
      .set({
        state: answer.state,
        rejectionReason: answer.state === 'REJECTED' ? answer.reason : null,
        answeredAt: now,
      })
      .where(and(eq(conferences.id, id), eq(conferences.state, 'INVITED'), isNull(conferences.endedAt)))
      .returning({
        requestedByUserId: conferences.requestedByUserId,
        inviteeUserId: conferences.inviteeUserId,
      });
    if (!updated) throw new HttpError(409, 'CONFERENCE_ALREADY_ANSWERED');
    if (answer.state === 'REJECTED') await dropVisitReminders(tx, [id]);
    await announce(tx, updated);
    await queueNotification(tx, {
      userIds: [updated.requestedByUserId],
      event: answer.state === 'ACCEPTED' ? 'CONFERENCE_ACCEPTED' : 'CONFERENCE_REJECTED',
      link: CONFERENCES_LINK,
      now,
    });
  });
}
