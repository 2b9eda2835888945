import { and, eq, sql } from 'drizzle-orm';
import {
  type CreatePairBody,
  PAIR_MAX_DRAFTS,
  type Pair,
  type PairInput,
  type UpdatePairBody,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { pairPlans, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import type { AuditActivity } from '../audit';
import { isStaff } from '../users';
import { assertValidPlan, romeToday } from './coding';
import { effectiveStatus, findPlan, markReadByPatient, type PlanRow, pairsOf, plansOf } from './records';

/** Lock key space of plan writes (pg_advisory_xact_lock(key, patientId)). */
const PAIR_LOCK = 4_715;

/** Only physicians write plans (spec 1: "Physicians can … manage rehabilitation plans"). */
function assertPhysician(user: UserRow): void {
  if (user.userType !== 'PHY') throw new HttpError(403, 'ACCESS_DENIED');
}

const planColumns = (plan: PairInput) => ({
  name: plan.name,
  startDate: plan.planningValidityStartDate,
  stopDate: plan.planningValidityStopDate,
  exercises: plan.exercises,
  thresholds: plan.thresholds,
});

/**
 * A plan the caller may see, with access to its patient checked and audited. Anything refused reads as
 * missing (404): a plan id says nothing about whose it is. Drafts are staff working copies.
 */
export async function visiblePlan(
  db: Database,
  user: UserRow,
  id: number,
  activity: AuditActivity,
): Promise<PlanRow> {
  const row = await findPlan(db, id);
  if (!row || (row.status === 'DRAFT' && !isStaff(user))) throw new HttpError(404, 'NOT_FOUND');
  try {
    await authorizePatientAccess(db, user, row.patientId, activity, { detail: `pair ${id}` });
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw new HttpError(404, 'NOT_FOUND');
    throw error;
  }
  return row;
}

/**
 * `GET /pair?patientId`: the patient's plans, newest first; drafts only for staff. The patient reading
 * them has seen what was signed (the home stops announcing it).
 */
export async function listPairs(db: Database, user: UserRow, patientId: number): Promise<Pair[]> {
  await authorizePatientAccess(db, user, patientId, 'PAIR_READ');
  const pairs = await pairsOf(db, await plansOf(db, patientId, isStaff(user)));
  await markReadByPatient(db, user, patientId);
  return pairs;
}

export async function getPair(db: Database, user: UserRow, id: number): Promise<Pair> {
  const row = await visiblePlan(db, user, id, 'PAIR_READ');
  const [pair] = await pairsOf(db, [row]);
  if (!pair) throw new HttpError(404, 'NOT_FOUND');
  await markReadByPatient(db, user, row.patientId);
  return pair;
}

/** `POST /pair/createPair`: a DRAFT; at most PAIR_MAX_DRAFTS per patient, counted under a lock. */
export async function createPair(db: Database, user: UserRow, body: CreatePairBody): Promise<Pair> {
  assertPhysician(user);
  const { patientId, ...plan } = body;
  assertValidPlan(plan);
  await authorizePatientAccess(db, user, patientId, 'PAIR_WRITE', { detail: 'create' });
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}, ${patientId})`);
    const [drafts] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pairPlans)
      .where(and(eq(pairPlans.patientId, patientId), eq(pairPlans.status, 'DRAFT')));
    if ((drafts?.count ?? 0) >= PAIR_MAX_DRAFTS) throw new HttpError(409, 'PAIR_TOO_MANY_DRAFTS');
    const [inserted] = await tx
      .insert(pairPlans)
      .values({ patientId, ...planColumns(plan), createdByUserId: user.id })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('plan not stored');
  const [pair] = await pairsOf(db, [row]);
  if (!pair) throw new Error('plan not read back');
  return pair;
}

/**
 * `PUT /pair/updatePair/{id}`: an edit rewrites a DRAFT; closing ends an ACTIVE plan (not expired) with a
 * date and a reason. Every other status is immutable. The status is re-checked in the UPDATE itself, so
 * an edit racing a signature or two closings cannot both apply.
 */
export async function updatePair(
  db: Database,
  user: UserRow,
  id: number,
  body: UpdatePairBody,
): Promise<Pair> {
  assertPhysician(user);
  const row = await visiblePlan(db, user, id, 'PAIR_WRITE');
  const now = new Date();
  let updated: PlanRow[];
  if (body.action === 'edit') {
    assertValidPlan(body.plan);
    updated = await db
      .update(pairPlans)
      .set({ ...planColumns(body.plan), updatedAt: now })
      .where(and(eq(pairPlans.id, id), eq(pairPlans.status, 'DRAFT')))
      .returning();
    if (updated.length !== 1) throw new HttpError(409, 'PAIR_NOT_EDITABLE');
  } else {
    if (effectiveStatus(row, romeToday(now)) !== 'ACTIVE') throw new HttpError(409, 'PAIR_NOT_ACTIVE');
    if (body.closingDate < row.startDate || body.closingDate > romeToday(now))
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'closingDate', code: 'invalidPeriod' }]);
    updated = await db
      .update(pairPlans)
      .set({
        status: 'CLOSED',
        closingDate: body.closingDate,
        closingReason: body.closingReason,
        updatedAt: now,
      })
      .where(and(eq(pairPlans.id, id), eq(pairPlans.status, 'ACTIVE')))
      .returning();
    if (updated.length !== 1) throw new HttpError(409, 'PAIR_NOT_ACTIVE');
  }
  const [pair] = await pairsOf(db, updated, now);
  if (!pair) throw new Error('plan not read back');
  return pair;
}

/** `DELETE /pair/{id}`: only a DRAFT goes away; a signed plan is part of the record. */
export async function deletePair(db: Database, user: UserRow, id: number): Promise<void> {
  assertPhysician(user);
  await visiblePlan(db, user, id, 'PAIR_WRITE');
  const deleted = await db
    .delete(pairPlans)
    .where(and(eq(pairPlans.id, id), eq(pairPlans.status, 'DRAFT')))
    .returning({ id: pairPlans.id });
  if (deleted.length !== 1) throw new HttpError(409, 'PAIR_NOT_EDITABLE');
}
