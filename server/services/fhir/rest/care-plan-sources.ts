import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { paiActivities, pairPlans, pais, paiTypes, users } from '../../../db/schema';
import { activitiesHiddenFrom, mayReadPlansOf, projectsRunBy } from '../../pai/access';
import { romeToday } from '../../pair/coding';
import { isStaff } from '../../users';
import { type PaiPlan, paiCarePlan, pairCarePlan } from '../care-plans';
import { portalSystems, restEntry } from '../systems';
import { dayAfter, dayOf, dayStart } from './dates';
import { anyOf, codeIn, fixedCode, type Source, totalOver, withLastUpdated } from './source';

const none = { found: [], total: 0 };

/** A plan is recorded when made; it changes as its activities are done (a status change keeps no instant). */
const paiUpdated = sql`greatest(${pais.createdAt}, (select max(${paiActivities.doneAt}) from ${paiActivities}
  where ${paiActivities.paiId} = ${pais.id}))`.mapWith(pais.createdAt);

/** The plan a plan replaced (`replaced_by_id` is on the old one), within the same project. */
const replaced = alias(pais, 'replaced');
const paiReplaces = sql<number | null>`(select ${replaced.id} from ${pais} as ${replaced}
  where ${replaced.replacedById} = ${pais.id} and ${replaced.projectId} = ${pais.projectId}
  order by ${replaced.id} desc limit 1)`;

async function activitiesOf(db: Database, planIds: number[]) {
  if (planIds.length === 0) return [];
  return db
    .select({ activity: paiActivities, doneBy: users.displayName })
    .from(paiActivities)
    .leftJoin(users, eq(users.id, paiActivities.doneById))
    .where(inArray(paiActivities.paiId, planIds))
    .orderBy(asc(paiActivities.plannedDate), asc(paiActivities.position));
}

/**
 * The patient's care plans (PAI), `pai-<id>`, as `GET /pais` shows them to the caller: the patient while
 * their account is in a project, a guest with the `project` right, physicians and operators the plans of
 * the projects they run, administrators all; a replaced or closed plan's activities only to staff.
 */
export const paiSource: Source = {
  idPrefix: 'pai-',
  dates: {
    date: { start: dayStart(pais.validFrom), end: dayAfter(pais.validTo) },
    _lastUpdated: paiUpdated,
  },
  tokens: {
    category: (token) =>
      anyOf(
        fixedCode(portalSystems.carePlanKind, 'PAI', token),
        codeIn(sql`${paiTypes.code}`, portalSystems.paiType, token),
      ),
  },
  idIs: (id) => eq(pais.id, id),
  async ownerOf(db, id) {
    const [row] = await db.select({ patientId: pais.patientId }).from(pais).where(eq(pais.id, id)).limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const { db, user, patientId } = context;
    if (!(await mayReadPlansOf(db, user, patientId, null))) return none;
    if (user.userType === 'PAT' && !user.inProject) return none;
    const rows = await db
      .select({
        plan: pais,
        type: { code: paiTypes.code, name: paiTypes.name },
        author: users.displayName,
        replaces: paiReplaces,
        updated: paiUpdated,
        total: totalOver,
      })
      .from(pais)
      .innerJoin(paiTypes, eq(paiTypes.id, pais.typeId))
      .leftJoin(users, eq(users.id, pais.authorId))
      .where(and(eq(pais.patientId, patientId), projectsRunBy(db, user), ...where))
      .orderBy(desc(pais.validFrom), desc(pais.id))
      .limit(limit);
    const shown = rows.filter((row) => !activitiesHiddenFrom(user, row.plan)).map((row) => row.plan.id);
    const activities = await activitiesOf(db, shown);
    const found = rows.map((row) => {
      const plan: PaiPlan = {
        ...row,
        activities: shown.includes(row.plan.id)
          ? activities.filter((item) => item.activity.paiId === row.plan.id)
          : null,
      };
      const resource = paiCarePlan(plan, restEntry('CarePlan', `pai-${row.plan.id}`), context.mapping);
      return { resource: withLastUpdated(resource, row.updated), sortAt: dayOf(row.plan.validFrom) };
    });
    return { found, total: rows[0]?.total ?? 0 };
  },
};

/**
 * The patient's rehabilitation plans (PAIR), `pair-<id>`, as `GET /pair` shows them: to whoever the gate
 * lets read the patient, a draft to staff only (a physician's working copy, pair/plans.ts).
 */
export const pairSource: Source = {
  idPrefix: 'pair-',
  dates: {
    date: {
      start: dayStart(pairPlans.startDate),
      end: dayAfter(sql`coalesce(${pairPlans.closingDate}, ${pairPlans.stopDate})`),
    },
    _lastUpdated: sql`${pairPlans.updatedAt}`,
  },
  tokens: { category: (token) => fixedCode(portalSystems.carePlanKind, 'PAIR', token) },
  idIs: (id) => eq(pairPlans.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: pairPlans.patientId })
      .from(pairPlans)
      .where(eq(pairPlans.id, id))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const { db, user, patientId } = context;
    const rows = await db
      .select({ plan: pairPlans, author: users.displayName, total: totalOver })
      .from(pairPlans)
      .innerJoin(users, eq(users.id, pairPlans.createdByUserId))
      .where(
        and(
          eq(pairPlans.patientId, patientId),
          isStaff(user) ? undefined : ne(pairPlans.status, 'DRAFT'),
          ...where,
        ),
      )
      .orderBy(desc(pairPlans.startDate), desc(pairPlans.id))
      .limit(limit);
    const mapping = { ...context.mapping, today: romeToday() };
    const found = rows.map(({ plan, author }) => ({
      resource: withLastUpdated(
        pairCarePlan(plan, author, restEntry('CarePlan', `pair-${plan.id}`), mapping),
        plan.updatedAt,
      ),
      sortAt: dayOf(plan.startDate),
    }));
    return { found, total: rows[0]?.total ?? 0 };
  },
};
