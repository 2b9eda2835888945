import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { consents, projectMembers, projects, projectUnits, units, users } from '../schema';

/** Who runs each demo project and which units it involves (projects come from seed/consents.ts). */
const demoTeams: Record<string, { members: string[]; units: string[] }> = {
  CUORE: { members: ['dott.ferrari', 'operatore'], units: ['CARD', 'MED'] },
  DIABETE: { members: ['dott.ferrari'], units: ['MED', 'LAB'] },
  BIOBANCA: { members: [], units: ['ONC', 'LAB'] },
  COVID: { members: ['dott.ferrari'], units: ['MED', 'PS'] },
};

export async function seedProjectTeams(db: Database): Promise<void> {
  const projectRows = await db.select({ id: projects.id, code: projects.code }).from(projects);
  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...new Set(Object.values(demoTeams).flatMap((team) => team.members))]));
  const unitRows = await db.select({ id: units.id, code: units.code }).from(units);
  const members = projectRows.flatMap((project) =>
    (demoTeams[project.code]?.members ?? []).flatMap((username) => {
      const user = userRows.find((row) => row.username === username);
      return user ? [{ projectId: project.id, userId: user.id }] : [];
    }),
  );
  const involved = projectRows.flatMap((project) =>
    (demoTeams[project.code]?.units ?? []).flatMap((code) => {
      const unit = unitRows.find((row) => row.code === code);
      return unit ? [{ projectId: project.id, unitId: unit.id }] : [];
    }),
  );
  if (members.length > 0) await db.insert(projectMembers).values(members);
  if (involved.length > 0) await db.insert(projectUnits).values(involved);
  // The demo's pending invitations come from the project's first member ("Invito da …").
  for (const project of projectRows) {
    const inviter = members.find((member) => member.projectId === project.id);
    if (!inviter) continue;
    await db
      .update(consents)
      .set({ collectedByUserId: inviter.userId })
      .where(
        and(
          eq(consents.projectId, project.id),
          eq(consents.statusCode, 'INVITE'),
          isNull(consents.collectedByUserId),
        ),
      );
  }
}
