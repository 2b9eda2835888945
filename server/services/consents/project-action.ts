import { inArray } from 'drizzle-orm';
import type { ConsentProjectAction } from '../../../src/contract';
import type { Database } from '../../db/client';
import { type consents, users } from '../../db/schema';

type ConsentRow = typeof consents.$inferSelect;

/** A project consent the project acted on last: a pending invitation, or an end the project decided. */
function kindOf(row: ConsentRow): ConsentProjectAction['kind'] | null {
  if (row.projectId === null) return null;
  if (row.statusCode === 'INVITE') return 'INVITED';
  if (row.endReason === 'PROJECT_REMOVED') return 'REMOVED';
  if (row.endReason === 'INVITATION_WITHDRAWN') return 'WITHDRAWN';
  return null;
}

/**
 * Per consent row, what the project did and who did it (the staff member recorded the version:
 * `collectedByUserId`), so the patient reads "Invito da Dott.ssa Anna Ferrari" or "terminata dal
 * progetto" rather than a revocation of their own. One query for the whole list.
 */
export async function projectActionsOf(
  db: Database,
  rows: readonly ConsentRow[],
): Promise<Map<number, ConsentProjectAction>> {
  const acted = rows.flatMap((row) => {
    const kind = kindOf(row);
    return kind ? [{ row, kind }] : [];
  });
  const ids = [
    ...new Set(acted.flatMap(({ row }) => (row.collectedByUserId ? [row.collectedByUserId] : []))),
  ];
  const names =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, displayName: users.displayName })
          .from(users)
          .where(inArray(users.id, ids));
  const nameOf = new Map(names.map((user) => [user.id, user.displayName]));
  return new Map(
    acted.map(({ row, kind }) => [
      row.id,
      {
        kind,
        by: row.collectedByUserId ? (nameOf.get(row.collectedByUserId) ?? null) : null,
        at: (kind === 'INVITED' ? row.createdAt : (row.revokedAt ?? row.updatedAt)).toISOString(),
      },
    ]),
  );
}
