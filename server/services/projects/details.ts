import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Project, ProjectDetails } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, guests, projects, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { activeGrantCondition, liveCondition } from '../accounts/guest-grants';
import { projectConsentsInForce } from '../consents/in-project';
import { isStaff } from '../users';
import { projectsRunBy, projectsWhere } from './read';

/** The active account's patient, when its live grant to this guest carries the `project` right. */
function patientsOfGuest(user: UserRow, now: Date): SQL {
  return sql`(select ${guests.patientId} from ${guests}
    where ${activeGrantCondition(user)} and 'project' = any(${guests.rights}) and ${liveCondition(now)})`;
}

/**
 * `GET /projects`: staff, the projects they run (an administrator, all); a patient, those they take part
 * in; a guest with the `project` right, those of the patients who granted it.
 */
export async function listProjects(db: Database, user: UserRow): Promise<Project[]> {
  if (isStaff(user)) return projectsRunBy(db, user);
  const now = new Date();
  const patientIds = user.userType === 'GUE' ? patientsOfGuest(user, now) : [user.patientId ?? -1];
  const taken = sql`(select ${consents.projectId} from ${consents} where ${projectConsentsInForce(patientIds, now)})`;
  return projectsWhere(db, user, inArray(projects.id, taken));
}

/**
 * `GET /projects/{id}`: a member (or an administrator) reads it with its participant counts; other staff
 * are told they are not members; patients and guests read only a project they may list.
 */
export async function projectDetails(db: Database, user: UserRow, id: number): Promise<ProjectDetails> {
  const [project] = await projectsWhere(db, user, eq(projects.id, id));
  if (!project) throw new HttpError(404, 'NOT_FOUND');
  if (isStaff(user)) {
    if (!project.isMember && user.userType !== 'ADM') throw new HttpError(403, 'PROJECT_NOT_MEMBER');
    const [counts] = await db
      .select({
        // In force only, as the participant list says it: an expired consent is not a participation.
        participating: sql<number>`count(*) filter (where ${consents.statusCode} = 'GIVEN' and ${consents.revokedAt} is null and (${consents.expiresAt} is null or ${consents.expiresAt} > now()))::int`,
        invited: sql<number>`count(*) filter (where ${consents.statusCode} = 'INVITE')::int`,
      })
      .from(consents)
      .where(and(eq(consents.projectId, id), eq(consents.superseded, false)));
    return {
      ...project,
      participants: { participating: counts?.participating ?? 0, invited: counts?.invited ?? 0 },
    };
  }
  if (!(await mayReadAsPatientSide(db, user, id))) throw new HttpError(404, 'NOT_FOUND');
  return { ...project, participants: null };
}

/** A patient reads a project they take part in or are invited to (the invitation links here); a guest, one they may list. */
async function mayReadAsPatientSide(db: Database, user: UserRow, projectId: number): Promise<boolean> {
  if (user.userType === 'PAT' && user.patientId !== null) {
    const [invited] = await db
      .select({ id: consents.id })
      .from(consents)
      .where(
        and(
          eq(consents.patientId, user.patientId),
          eq(consents.projectId, projectId),
          eq(consents.superseded, false),
          eq(consents.statusCode, 'INVITE'),
        ),
      )
      .limit(1);
    if (invited) return true;
  }
  return (await listProjects(db, user)).some((entry) => entry.id === projectId);
}
