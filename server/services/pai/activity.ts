import { and, eq, sql } from 'drizzle-orm';
import type { PaiActivity } from '../../../src/contract';
import type { Database } from '../../db/client';
import { paiActivities, paiActivityReminders, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordWrite } from '../access/recorded';
import { hospitalToday } from '../notify/reminder-dates';
import {
  dropActivityReminders,
  generalReminderDays,
  queueActivityReminders,
  REMINDER_LOCK,
} from '../notify/reminders';
import { inForce, planFor } from './access';
import { activitiesOf } from './plans';

interface ActivityRef {
  paiId: number;
  activityId: number;
}

async function activityReply(db: Database, user: UserRow, ref: ActivityRef): Promise<PaiActivity> {
  const { plan } = await planFor(db, user, ref.paiId, 'CARE_PLAN_READ');
  const [activity] = await activitiesOf(db, user, plan, [ref.activityId]);
  if (!activity) throw new HttpError(404, 'NOT_FOUND');
  return activity;
}

/**
 * `PUT .../done`: the activity is done on `deliveryDate` (not in the future, not before the plan's start), in
 * a plan in force (ACTIVE, and its patient takes part in its project).
 * Done is final: one conditional UPDATE decides, so of parallel calls one wins and the others get 409.
 * What waited to remind anyone of it is dropped in the same transaction.
 */
export async function markActivityDone(
  db: Database,
  user: UserRow,
  ref: ActivityRef,
  deliveryDate: string,
  now: Date,
): Promise<PaiActivity> {
  const access = await planFor(db, user, ref.paiId, 'CARE_PLAN_READ');
  const { plan, mayWrite, activitiesHidden } = access;
  if (activitiesHidden) throw new HttpError(404, 'NOT_FOUND');
  if (!mayWrite) throw new HttpError(403, 'ACCESS_DENIED');
  if (plan.status !== 'ACTIVE') throw new HttpError(409, 'PAI_NOT_ACTIVE');
  // Invited is not taking part: the plan waits for the patient's adhesion.
  if (!inForce(access)) throw new HttpError(409, 'PAI_NOT_IN_FORCE');
  if (deliveryDate > hospitalToday(now) || deliveryDate < plan.validFrom) {
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'deliveryDate', code: 'outOfRange' }]);
  }
  const mine = and(eq(paiActivities.id, ref.activityId), eq(paiActivities.paiId, plan.id));
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(paiActivities)
      .set({ status: 'DONE', deliveryDate, doneById: user.id, doneAt: now })
      .where(and(mine, eq(paiActivities.status, 'TODO')))
      .returning({ id: paiActivities.id });
    if (rows.length > 0) await dropActivityReminders(tx, ref);
    return rows.length > 0;
  });
  if (!updated) {
    const [exists] = await db.select({ id: paiActivities.id }).from(paiActivities).where(mine);
    throw exists ? new HttpError(409, 'PAI_ACTIVITY_ALREADY_DONE') : new HttpError(404, 'NOT_FOUND');
  }
  await recordWrite(db, user, plan.patientId, 'CARE_PLAN_WRITE', {
    detail: `pai ${plan.id} activity ${ref.activityId} done ${deliveryDate}`,
  });
  return activityReply(db, user, ref);
}

/**
 * `PUT .../notifyPreferences`: the caller's own reminder days for one activity (`null`: follow the general
 * preferences again). Any reader may keep their own reminders; they change nothing of the plan. The pending
 * reminder rows follow at once, under a per-user lock so parallel edits leave one consistent set.
 */
export async function setActivityReminders(
  db: Database,
  user: UserRow,
  ref: ActivityRef,
  days: number[] | null,
  now: Date,
): Promise<PaiActivity> {
  const { plan, activitiesHidden } = await planFor(db, user, ref.paiId, 'CARE_PLAN_READ');
  if (activitiesHidden) throw new HttpError(404, 'NOT_FOUND');
  const chosen = days === null ? null : [...new Set(days)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REMINDER_LOCK}, ${user.id})`);
    // FOR SHARE: a parallel "done" waits for this to commit, then drops what it queued.
    const [activity] = await tx
      .select()
      .from(paiActivities)
      .where(and(eq(paiActivities.id, ref.activityId), eq(paiActivities.paiId, plan.id)))
      .for('share');
    if (!activity) throw new HttpError(404, 'NOT_FOUND');
    const key = and(
      eq(paiActivityReminders.activityId, activity.id),
      eq(paiActivityReminders.userId, user.id),
    );
    if (chosen === null) await tx.delete(paiActivityReminders).where(key);
    else
      await tx
        .insert(paiActivityReminders)
        .values({ activityId: activity.id, userId: user.id, days: chosen, updatedAt: now })
        .onConflictDoUpdate({
          target: [paiActivityReminders.activityId, paiActivityReminders.userId],
          set: { days: chosen, updatedAt: now },
        });
    const isPlanPatient = user.userType === 'PAT' && user.patientId === plan.patientId;
    const effective = chosen ?? (isPlanPatient ? await generalReminderDays(tx, user.id) : []);
    const live = activity.status === 'TODO' && plan.status === 'ACTIVE';
    await queueActivityReminders(
      tx,
      user.id,
      { paiId: plan.id, activityId: activity.id, plannedDate: activity.plannedDate },
      live ? effective : [],
      now,
    );
  });
  return activityReply(db, user, ref);
}
