import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type {
  Pai,
  PaiActivity,
  PaiActivityStatus,
  PaiList,
  PaiListQuery,
  PaiStatus,
  PaiSummary,
  PaiType,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { paiActivities, pais, paiTypes, projects, type UserRow, users } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import type { Language } from '../language';
import { reminderChoices } from '../notify/reminders';
import { participationsIn } from '../projects/participation-read';
import { inForce, mayReadPlansOf, type PaiRow, planFor, projectsRunBy } from './access';
import { foldersOf } from './folders';

type TypeRow = typeof paiTypes.$inferSelect;

export const toPaiType = (row: TypeRow): PaiType => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  folderNames: row.folderNames,
});

const doneCount = sql<number>`count(*) filter (where ${paiActivities.status} = 'DONE')::int`;

/** One patient's plans matching `where`, with their type, project, author, activity counts, participation. */
async function summaries(db: Database, where: SQL | undefined, page?: { max: number; offset: number }) {
  const counts = db
    .select({
      paiId: paiActivities.paiId,
      total: sql<number>`count(*)::int`.as('total'),
      done: doneCount.as('done'),
    })
    .from(paiActivities)
    .groupBy(paiActivities.paiId)
    .as('counts');
  const query = db
    .select({
      plan: pais,
      type: paiTypes,
      projectName: projects.name,
      author: users.displayName,
      total: counts.total,
      done: counts.done,
    })
    .from(pais)
    .innerJoin(paiTypes, eq(paiTypes.id, pais.typeId))
    .innerJoin(projects, eq(projects.id, pais.projectId))
    .leftJoin(users, eq(users.id, pais.authorId))
    .leftJoin(counts, eq(counts.paiId, pais.id))
    .where(where)
    .orderBy(desc(pais.validFrom), desc(pais.id));
  const rows = page ? await query.limit(page.max).offset(page.offset) : await query;
  const [first] = rows;
  const participations = first
    ? await participationsIn(
        db,
        first.plan.patientId,
        rows.map((row) => row.plan.projectId),
        new Date(),
      )
    : new Map<number, PaiSummary['participation']>();
  return rows.map(
    (row): PaiSummary => ({
      id: row.plan.id,
      patientId: row.plan.patientId,
      type: row.type.code,
      paiType: toPaiType(row.type),
      title: row.plan.title,
      status: row.plan.status as PaiStatus,
      replacedById: row.plan.replacedById,
      validFrom: row.plan.validFrom,
      validTo: row.plan.validTo,
      project: { id: row.plan.projectId, name: row.projectName },
      author: row.author,
      activitiesTotal: row.total ?? 0,
      activitiesDone: row.done ?? 0,
      participation: participations.get(row.plan.projectId) ?? 'not-participating',
    }),
  );
}

/**
 * `GET /pais`: the patient's plans the caller may see, newest first. Patients see theirs only while their
 * account is in a project (spec 2: "loaded when the user is in a project"); a guest needs the `project`
 * right; physicians and operators see the plans of the projects they run.
 */
export async function listPlans(db: Database, user: UserRow, query: PaiListQuery): Promise<PaiList> {
  const { patientId, paiType, max, offset } = query;
  const empty: PaiList = {
    pais: [],
    paging: { totalCount: 0, totalPage: 0, max, offset },
    currentPaiId: null,
  };
  if (!(await mayReadPlansOf(db, user, patientId, null))) {
    // Another patient's plans: the same refusal as the dossier gate gives (and audits).
    await authorizePatientAccess(db, user, patientId, 'CARE_PLAN_READ');
    return empty;
  }
  await authorizePatientAccess(db, user, patientId, 'CARE_PLAN_READ', { detail: 'pai list' });
  if (user.userType === 'PAT' && !user.inProject) return empty;
  const conditions: SQL[] = [eq(pais.patientId, patientId)];
  const run = projectsRunBy(db, user);
  if (run) conditions.push(run);
  if (paiType)
    conditions.push(
      inArray(pais.typeId, db.select({ id: paiTypes.id }).from(paiTypes).where(eq(paiTypes.code, paiType))),
    );
  const where = and(...conditions);
  const [[{ total } = { total: 0 }], list, [current]] = await Promise.all([
    db.select({ total: count() }).from(pais).where(where),
    summaries(db, where, { max, offset }),
    db
      .select({ id: pais.id })
      .from(pais)
      .where(and(where, eq(pais.status, 'ACTIVE')))
      .orderBy(desc(pais.validFrom))
      .limit(1),
  ]);
  return {
    pais: list,
    paging: { totalCount: total, totalPage: Math.ceil(total / max), max, offset },
    currentPaiId: current?.id ?? null,
  };
}

/** The plan's activities as the caller sees them, with the caller's reminders. */
export async function activitiesOf(
  db: Database,
  user: UserRow,
  plan: PaiRow,
  ids?: number[],
): Promise<PaiActivity[]> {
  const rows = await db
    .select({ activity: paiActivities, doneBy: users.displayName })
    .from(paiActivities)
    .leftJoin(users, eq(users.id, paiActivities.doneById))
    .where(and(eq(paiActivities.paiId, plan.id), ids ? inArray(paiActivities.id, ids) : undefined))
    .orderBy(asc(paiActivities.plannedDate), asc(paiActivities.position));
  const isPlanPatient = user.userType === 'PAT' && user.patientId === plan.patientId;
  const reminders = await reminderChoices(
    db,
    user.id,
    rows.map((row) => row.activity.id),
    isPlanPatient,
  );
  return rows.map(({ activity, doneBy }) => {
    const choice = reminders.get(activity.id) ?? { days: [], isDefault: true };
    return {
      activityId: activity.id,
      title: activity.title,
      description: activity.description,
      plannedDate: activity.plannedDate,
      status: activity.status as PaiActivityStatus,
      deliveryDate: activity.deliveryDate,
      doneBy: activity.status === 'DONE' ? doneBy : null,
      reminderDays: choice.days,
      reminderDefault: choice.isDefault,
    };
  });
}

/** `GET /pais/{id}`: the plan, its activities (not a replaced plan's, for the patient's side), its folders. */
export async function planDetail(
  db: Database,
  user: UserRow,
  paiId: number,
  language: Language,
): Promise<Pai> {
  const access = await planFor(db, user, paiId, 'CARE_PLAN_READ');
  const [summary] = await summaries(db, eq(pais.id, paiId));
  if (!summary) throw new Error(`plan ${paiId} vanished`);
  const [activities, paiFolders] = await Promise.all([
    access.activitiesHidden ? Promise.resolve([]) : activitiesOf(db, user, access.plan),
    foldersOf(db, user, access.plan, language),
  ]);
  return {
    ...summary,
    activities,
    activitiesHidden: access.activitiesHidden,
    paiFolders,
    canMarkDone: access.mayWrite && inForce(access),
  };
}
