import { and, eq, inArray } from 'drizzle-orm';
import type { Participation } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents } from '../../db/schema';
import { participationOf } from './participation';

/**
 * The patient's participation in each of these projects (current consent versions), for the areas whose
 * rules follow it (a care plan is in force only for a participant). No access check: the caller has
 * already passed the gate for this patient.
 */
export async function participationsIn(
  db: Database,
  patientId: number,
  projectIds: readonly number[],
  now: Date,
): Promise<Map<number, Participation>> {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(consents)
    .where(
      and(
        eq(consents.patientId, patientId),
        eq(consents.superseded, false),
        inArray(consents.projectId, ids),
      ),
    );
  return new Map(
    ids.map((id) => [
      id,
      participationOf(
        rows.find((row) => row.projectId === id),
        now,
      ),
    ]),
  );
}
