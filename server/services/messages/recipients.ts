import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { MessageRecipient } from '../../../src/contract';
import type { Database } from '../../db/client';
import { guests, projectMembers, type UserRow, units, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { liveCondition, liveGrant } from '../accounts/guest-grants';
import { careTeam } from '../projects/care-team';
import { isStaff } from '../users';

/**
 * The patient a message of this caller concerns: a patient's own record; a guest's patient, only with a
 * live grant carrying the `messaging` right; for staff the patient named (if any), through the gate.
 */
export async function messagePatient(
  db: Database,
  user: UserRow,
  requested: number | undefined,
): Promise<number | null> {
  switch (user.userType) {
    case 'PAT':
      if (requested !== undefined && requested !== user.patientId) throw new HttpError(404, 'NOT_FOUND');
      if (user.patientId === null) throw new HttpError(403, 'ACCESS_DENIED');
      return user.patientId;
    case 'GUE': {
      // The active account's patient only: another patient's grant is another account.
      const patientId = requested ?? user.patientId;
      const grant = patientId === null ? null : await liveGrant(db, user, patientId);
      if (!grant?.rights.includes('messaging')) throw new HttpError(403, 'PERMISSION_MISSING');
      return grant.patientId;
    }
    default:
      if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
      if (requested === undefined) return null;
      await authorizePatientAccess(db, user, requested, 'PATIENT_READ', { detail: 'message recipients' });
      return requested;
  }
}

const recipientColumns = {
  id: users.id,
  displayName: users.displayName,
  userType: users.userType,
  unit: units.name,
};

/** Members of a project, when the list is narrowed to it. */
const inProject = (projectId: number | undefined) =>
  projectId === undefined
    ? undefined
    : inArray(
        users.id,
        sql`(select ${projectMembers.userId} from ${projectMembers} where ${projectMembers.projectId} = ${projectId})`,
      );

/**
 * Whom the caller may write to about `patientId`: a patient or their guest, the care team; staff, the
 * patient (and their guests holding the messaging right) and their enabled colleagues. `projectId`
 * narrows the care team and the colleagues to the project's members.
 */
export async function allowedRecipients(
  db: Database,
  user: UserRow,
  patientId: number | null,
  projectId?: number,
): Promise<MessageRecipient[]> {
  if (!isStaff(user)) {
    if (patientId === null) return [];
    const team = await careTeam(db, user, patientId);
    const members =
      projectId === undefined
        ? null
        : new Set(
            (
              await db
                .select({ id: projectMembers.userId })
                .from(projectMembers)
                .where(eq(projectMembers.projectId, projectId))
            ).map((row) => row.id),
          );
    return team
      .filter((person) => members === null || members.has(person.id))
      .map((person) => ({ ...person, userType: 'PHY' as const }));
  }
  const now = new Date();
  const patientSide =
    patientId === null || projectId !== undefined
      ? []
      : [
          and(eq(users.userType, 'PAT'), eq(users.patientId, patientId)),
          inArray(
            users.id,
            sql`(select ${guests.guestUserId} from ${guests} where ${guests.patientId} = ${patientId}
              and ${liveCondition(now)} and 'messaging' = any(${guests.rights}))`,
          ),
        ];
  const colleagues = and(inArray(users.userType, ['PHY', 'OPT', 'ADM']), inProject(projectId));
  const rows = await db
    .select(recipientColumns)
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .where(and(eq(users.enabled, true), ne(users.id, user.id), or(colleagues, ...patientSide)))
    .orderBy(asc(users.displayName));
  return rows.map((row) => ({ ...row, userType: row.userType as MessageRecipient['userType'] }));
}
