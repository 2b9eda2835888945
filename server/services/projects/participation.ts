import { and, eq, isNotNull } from 'drizzle-orm';
import type { Participation, PatientProject, Project } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, type UserRow } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { liveGrant } from '../accounts/guest-grants';
import { type ConsentRow, isInForce } from '../consents/records';
import { isStaff } from '../users';
import { projectsRunBy, projectsWhere } from './read';

export function participationOf(row: ConsentRow | undefined, now: Date): Participation {
  if (!row) return 'not-participating';
  if (isInForce(row, now)) return 'participating';
  return row.statusCode === 'INVITE' ? 'invited' : 'not-participating';
}

/**
 * The patient's projects as the caller may see them: staff, the projects they run with the patient's
 * participation (to invite or remove); the patient, every project they were ever asked into; a guest,
 * with the `project` right only, the projects the patient takes part in (an invitation to a sensitive
 * project must not reach a proxy).
 */
export async function patientProjects(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<PatientProject[]> {
  await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', { detail: 'projects' });
  if (user.userType === 'GUE') {
    const grant = await liveGrant(db, user, patientId);
    if (!grant?.rights.includes('project')) return [];
  }
  const consentRows = await db
    .select()
    .from(consents)
    .where(
      and(eq(consents.patientId, patientId), eq(consents.superseded, false), isNotNull(consents.projectId)),
    );
  const now = new Date();
  const candidates: Project[] = isStaff(user) ? await projectsRunBy(db, user) : await projectsWhere(db, user);
  return candidates
    .map((project) => {
      const row = consentRows.find((consent) => consent.projectId === project.id);
      return { project, participation: participationOf(row, now), consentStatus: row?.statusCode ?? null };
    })
    .filter((entry) => {
      if (isStaff(user)) return true;
      if (user.userType === 'GUE') return entry.participation === 'participating';
      return entry.consentStatus !== null;
    });
}
