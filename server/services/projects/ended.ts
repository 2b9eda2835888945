import { and, desc, eq, gt } from 'drizzle-orm';
import type { HomeProjectEnded } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, projects } from '../../db/schema';

/**
 * The projects that ended the patient's participation since `since`: the in-app side of the
 * PROJECT_REMOVED notification, on the patient's home. The current version only: a new invitation since
 * then replaces the news with the invitation.
 */
export async function projectsEndedSince(
  db: Database,
  patientId: number,
  since: Date,
  limit: number,
): Promise<HomeProjectEnded[]> {
  const rows = await db
    .select({ projectId: projects.id, name: projects.name, endedAt: consents.revokedAt })
    .from(consents)
    .innerJoin(projects, eq(projects.id, consents.projectId))
    .where(
      and(
        eq(consents.patientId, patientId),
        eq(consents.superseded, false),
        eq(consents.endReason, 'PROJECT_REMOVED'),
        gt(consents.revokedAt, since),
      ),
    )
    .orderBy(desc(consents.revokedAt))
    .limit(limit);
  return rows.map((row) => ({
    projectId: row.projectId,
    name: row.name,
    endedAt: (row.endedAt ?? since).toISOString(),
  }));
}
