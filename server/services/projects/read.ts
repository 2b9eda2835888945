import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Project } from '../../../src/contract';
import type { Database } from '../../db/client';
import { projectMembers, projects, projectUnits, type UserRow, units, users } from '../../db/schema';
import { isModelClosed, modelOfConsent } from '../consents/catalogue';

/** The projects matching `where`, with their members and units, as `user` sees them. */
export async function projectsWhere(db: Database, user: UserRow, where?: SQL): Promise<Project[]> {
  const rows = await db.select().from(projects).where(where).orderBy(asc(projects.name));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [memberRows, unitRows] = await Promise.all([
    db
      .select({ projectId: projectMembers.projectId, id: users.id, displayName: users.displayName })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(inArray(projectMembers.projectId, ids))
      .orderBy(asc(users.displayName)),
    db
      .select({
        projectId: projectUnits.projectId,
        id: units.id,
        code: units.code,
        name: units.name,
        hospital: units.hospital,
      })
      .from(projectUnits)
      .innerJoin(units, eq(units.id, projectUnits.unitId))
      .where(inArray(projectUnits.projectId, ids))
      .orderBy(asc(units.name)),
  ]);
  const now = new Date();
  return rows.map((row) => {
    const members = memberRows
      .filter((member) => member.projectId === row.id)
      .map(({ id, displayName }) => ({ id, displayName }));
    const model = modelOfConsent(row.consentCode);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      consentCode: row.consentCode,
      closed: model ? isModelClosed(model, now) : false,
      members,
      units: unitRows
        .filter((unit) => unit.projectId === row.id)
        .map(({ id, code, name, hospital }) => ({ id, code, name, hospital })),
      isMember: members.some((member) => member.id === user.id),
    };
  });
}

/** Projects `user` runs (every project for an administrator). */
export function projectsRunBy(db: Database, user: UserRow): Promise<Project[]> {
  if (user.userType === 'ADM') return projectsWhere(db, user);
  const run = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, user.id));
  return projectsWhere(db, user, inArray(projects.id, run));
}

export async function isProjectMember(db: Database, user: UserRow, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)))
    .limit(1);
  return row !== undefined;
}
