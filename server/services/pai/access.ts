import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Participation } from '../../../src/contract';
import type { Database } from '../../db/client';
import { pais, projectMembers, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { liveGrant } from '../accounts/guest-grants';
import type { AuditActivity } from '../audit';
import { participationsIn } from '../projects/participation-read';
import { isProjectMember } from '../projects/read';
import { isStaff } from '../users';

export type PaiRow = typeof pais.$inferSelect;

/** How the caller stands towards one plan, once allowed to read it. */
export interface PlanAccess {
  plan: PaiRow;
  /** The patient or the project's physicians and operators (administrators only read). */
  mayWrite: boolean;
  /** Patient and guests see only the ACTIVE plan's activities: a replaced plan is history. */
  activitiesHidden: boolean;
  /** The patient's participation in the plan's project: the plan is in force only for a participant. */
  participation: Participation;
}

/** Whether an ACTIVE plan applies: its patient takes part in its project (an invitation is not enough). */
export const inForce = (access: Pick<PlanAccess, 'plan' | 'participation'>): boolean =>
  access.plan.status === 'ACTIVE' && access.participation === 'participating';

export async function participationInPlan(db: Database, plan: PaiRow, now: Date): Promise<Participation> {
  const found = await participationsIn(db, plan.patientId, [plan.projectId], now);
  return found.get(plan.projectId) ?? 'not-participating';
}

/**
 * Who may read a patient's plans, before the dossier gate: the patient, a guest whose live grant has the
 * `project` right, staff who run the plan's project (administrators: every project).
 */
export async function mayReadPlansOf(
  db: Database,
  user: UserRow,
  patientId: number,
  projectId: number | null,
): Promise<boolean> {
  switch (user.userType) {
    case 'PAT':
      return user.patientId === patientId;
    case 'GUE':
      return (await liveGrant(db, user, patientId))?.rights.includes('project') ?? false;
    case 'ADM':
      return true;
    case 'PHY':
    case 'OPT':
      return projectId === null || isProjectMember(db, user, projectId);
    default:
      return false;
  }
}

/** Patient and guests see only the ACTIVE plan's activities: a replaced or closed plan is history. */
export const activitiesHiddenFrom = (user: UserRow, plan: Pick<PaiRow, 'status'>): boolean =>
  !isStaff(user) && plan.status !== 'ACTIVE';

/**
 * Of a patient's plans, the ones a list shows the caller beyond mayReadPlansOf: physicians and operators
 * see the plans of the projects they run; anyone else whom mayReadPlansOf lets in sees them all (undefined).
 */
export function projectsRunBy(db: Database, user: UserRow): SQL | undefined {
  if (user.userType !== 'PHY' && user.userType !== 'OPT') return undefined;
  const run = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, user.id));
  return inArray(pais.projectId, run);
}

/**
 * The one check of every call on a plan: a plan the caller may not read is a 404, as if it did not
 * exist; then the dossier gate decides (and audits) as for any patient data.
 */
export async function planFor(
  db: Database,
  user: UserRow,
  paiId: number,
  activity: AuditActivity,
): Promise<PlanAccess> {
  const [plan] = await db.select().from(pais).where(eq(pais.id, paiId)).limit(1);
  if (!plan || !(await mayReadPlansOf(db, user, plan.patientId, plan.projectId))) {
    throw new HttpError(404, 'NOT_FOUND');
  }
  await authorizePatientAccess(db, user, plan.patientId, activity, { detail: `pai ${plan.id}` });
  return {
    plan,
    mayWrite: user.userType === 'PAT' || user.userType === 'PHY' || user.userType === 'OPT',
    activitiesHidden: activitiesHiddenFrom(user, plan),
    participation: await participationInPlan(db, plan, new Date()),
  };
}
