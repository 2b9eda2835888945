import { and, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import {
  Exercise,
  type HomePairToRead,
  type Pair,
  type PairStatus,
  PripriThreshold,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { pairPlans, type UserRow, users } from '../../db/schema';
import { romeToday } from './coding';
import { exerciseChanges } from './diff';

export type PlanRow = typeof pairPlans.$inferSelect;

export const storedExercises = (row: Pick<PlanRow, 'exercises'>): Exercise[] =>
  v.parse(v.array(Exercise), row.exercises);
export const storedThresholds = (row: Pick<PlanRow, 'thresholds'>): PripriThreshold[] =>
  v.parse(v.array(PripriThreshold), row.thresholds);

/** ACTIVE past its stop date reads EXPIRED: computed on read, so no job has to run at midnight. */
export function effectiveStatus(row: Pick<PlanRow, 'status' | 'stopDate'>, today: string): PairStatus {
  const status = row.status as PairStatus;
  return status === 'ACTIVE' && row.stopDate < today ? 'EXPIRED' : status;
}

export async function findPlan(db: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(pairPlans).where(eq(pairPlans.id, id));
  return row;
}

export async function plansOf(db: Database, patientId: number, withDrafts: boolean): Promise<PlanRow[]> {
  const rows = await db
    .select()
    .from(pairPlans)
    .where(eq(pairPlans.patientId, patientId))
    .orderBy(desc(pairPlans.createdAt), desc(pairPlans.id));
  return withDrafts ? rows : rows.filter((row) => row.status !== 'DRAFT');
}

/** The replies of these rows: authors' names and each plan's changes from the one it replaced. */
export async function pairsOf(
  db: Database,
  rows: readonly PlanRow[],
  now: Date = new Date(),
): Promise<Pair[]> {
  if (rows.length === 0) return [];
  const today = romeToday(now);
  const authorIds = [...new Set(rows.map((row) => row.createdByUserId))];
  const authors = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(inArray(users.id, authorIds));
  const replacedIds = rows.flatMap((row) => (row.replacesId === null ? [] : [row.replacesId]));
  const replaced =
    replacedIds.length === 0
      ? []
      : await db.select().from(pairPlans).where(inArray(pairPlans.id, replacedIds));
  return rows.map((row) => {
    const exercises = storedExercises(row);
    const previous = replaced.find((candidate) => candidate.id === row.replacesId);
    return {
      id: row.id,
      patientId: row.patientId,
      name: row.name,
      planningValidityStartDate: row.startDate,
      planningValidityStopDate: row.stopDate,
      exercises,
      thresholds: storedThresholds(row),
      status: effectiveStatus(row, today),
      createdBy: authors.find((author) => author.id === row.createdByUserId)?.name ?? '',
      createdAt: row.createdAt.toISOString(),
      activatedAt: row.activatedAt?.toISOString() ?? null,
      closingDate: row.closingDate,
      closingReason: row.closingReason,
      documentId: row.documentId,
      replacesId: row.replacesId,
      changes: previous ? exerciseChanges(storedExercises(previous), exercises) : [],
    };
  });
}

/** The signed plans of this patient not opened by the patient yet, still in force. */
const unseenSigned = (patientId: number, today: string) =>
  and(
    eq(pairPlans.patientId, patientId),
    eq(pairPlans.status, 'ACTIVE'),
    gte(pairPlans.stopDate, today),
    isNotNull(pairPlans.activatedAt),
    isNull(pairPlans.patientSeenAt),
  );

/** The plan "Cosa ti aspetta" announces: signed (new, or changing the one before) and not opened yet. */
export async function planToRead(
  db: Database,
  patientId: number,
  now: Date = new Date(),
): Promise<HomePairToRead | null> {
  const [row] = await db
    .select({ id: pairPlans.id, name: pairPlans.name, replacesId: pairPlans.replacesId })
    .from(pairPlans)
    .where(unseenSigned(patientId, romeToday(now)))
    .orderBy(desc(pairPlans.activatedAt))
    .limit(1);
  return row ? { id: row.id, name: row.name, changed: row.replacesId !== null } : null;
}

/** The patient opened their plans: what was signed is no longer news (guests and staff change nothing). */
export async function markReadByPatient(
  db: Database,
  user: UserRow,
  patientId: number,
  now: Date = new Date(),
): Promise<void> {
  if (user.userType !== 'PAT' || user.patientId !== patientId) return;
  await db
    .update(pairPlans)
    .set({ patientSeenAt: now })
    .where(unseenSigned(patientId, romeToday(now)));
}
