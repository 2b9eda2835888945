import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CareTeam, ProjectUnit } from '../../../src/contract';
import type { Database } from '../../db/client';
import {
  consents,
  documents,
  projectMembers,
  projectUnits,
  type UserRow,
  units,
  users,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { projectConsentsInForce } from '../consents/in-project';
import { isStaff } from '../users';

/** Units that produced documents of the patient. */
const unitsOfPatient = (patientId: number) =>
  sql`(select distinct ${documents.provenanceUnitId} from ${documents} where ${documents.patientId} = ${patientId})`;

/** Projects the patient takes part in now. */
const projectsOfPatient = (patientId: number, now: Date) =>
  sql`(select ${consents.projectId} from ${consents} where ${projectConsentsInForce(patientId, now)})`;

/**
 * The patient's care team: physicians who run a project the patient takes part in, and physicians of
 * the units that produced the patient's documents. Whom a patient may write to or address an upload to.
 */
export async function careTeam(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<CareTeam['physicians']> {
  await authorizePatientAccess(db, user, patientId, 'PATIENT_READ', { detail: 'care team' });
  const now = new Date();
  const inProjects = db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(inArray(projectMembers.projectId, projectsOfPatient(patientId, now)));
  return db
    .select({ id: users.id, displayName: users.displayName, unit: units.name })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .where(
      and(
        eq(users.userType, 'PHY'),
        or(inArray(users.id, inProjects), inArray(users.unitId, unitsOfPatient(patientId))),
      ),
    )
    .orderBy(asc(users.displayName));
}

/** Units of the caller's work (their own unit, the units of projects they run) where the patient has documents. */
export async function userPatientUnits(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<ProjectUnit[]> {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, user, patientId, 'PATIENT_READ', { detail: 'units' });
  const viaProjects = db
    .select({ id: projectUnits.unitId })
    .from(projectUnits)
    .innerJoin(projectMembers, eq(projectMembers.projectId, projectUnits.projectId))
    .where(eq(projectMembers.userId, user.id));
  const ownUnit = user.unitId === null ? [] : [eq(units.id, user.unitId)];
  return db
    .select({ id: units.id, code: units.code, name: units.name, hospital: units.hospital })
    .from(units)
    .where(and(or(inArray(units.id, viaProjects), ...ownUnit), inArray(units.id, unitsOfPatient(patientId))))
    .orderBy(asc(units.name));
}

/**
 * Whether a user is in a patient's care team (the same physicians as `careTeam`), as SQL on ids that
 * may be columns: the access-alert sweep asks it per audit row, without an audit row of its own.
 */
export function inCareTeam(userId: SQL, patientId: SQL, now: Date): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.userType} = 'PHY' and (
    ${users.id} in (select ${projectMembers.userId} from ${projectMembers} where ${projectMembers.projectId} in
      (select ${consents.projectId} from ${consents} where ${projectConsentsInForce(sql`(${patientId})`, now)}))
    or ${users.unitId} in
      (select ${documents.provenanceUnitId} from ${documents} where ${documents.patientId} = ${patientId})))`;
}
