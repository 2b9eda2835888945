import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type NewPripriSession, type Pripri, type PripriColours, PripriMeasure } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, pairPlans, pripriSessions, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess, dossierConsentInForce } from '../access/gate';
import { romeToday } from '../pair/coding';
import { storedThresholds } from '../pair/records';
import { isStaff } from '../users';
import { pripriColour, sessionColour } from './colour';

const storedMeasures = (value: unknown) => v.parse(v.array(PripriMeasure), value);

/** PRIpri is the monitoring part of the patient's ACTIVE plan (not expired): its thresholds and sessions. */
async function activePlan(db: Database, patientId: number, today: string) {
  const [plan] = await db
    .select()
    .from(pairPlans)
    .where(
      and(eq(pairPlans.patientId, patientId), eq(pairPlans.status, 'ACTIVE'), gte(pairPlans.stopDate, today)),
    );
  return plan;
}

/** `GET /pripri/{patientId}`: the thresholds, the sessions oldest first, each coloured, and the colour. */
export async function getPripri(
  db: Database,
  user: UserRow,
  patientId: number,
  now = new Date(),
): Promise<Pripri> {
  await authorizePatientAccess(db, user, patientId, 'PAIR_READ', { detail: 'pripri' });
  const canRecord = user.userType === 'PHY' || user.userType === 'OPT';
  const plan = await activePlan(db, patientId, romeToday(now));
  if (!plan) return { plan: null, sessions: [], colour: 'blue', canRecord: false };
  const thresholds = storedThresholds(plan);
  const rows = await db
    .select({ session: pripriSessions, recordedBy: users.displayName })
    .from(pripriSessions)
    .innerJoin(users, eq(users.id, pripriSessions.recordedByUserId))
    .where(eq(pripriSessions.planId, plan.id))
    .orderBy(asc(pripriSessions.sessionDate));
  const sessions = rows.map(({ session, recordedBy }) => {
    const measures = storedMeasures(session.measures);
    return {
      id: session.id,
      sessionDate: session.sessionDate,
      measures,
      colour: sessionColour(measures, thresholds),
      recordedBy,
      recordedAt: session.recordedAt.toISOString(),
    };
  });
  return {
    plan: { id: plan.id, name: plan.name, thresholds },
    sessions,
    colour: pripriColour(
      thresholds,
      sessions.map((session) => session.measures),
    ),
    canRecord: canRecord && thresholds.length > 0,
  };
}

/**
 * `POST /pripri/{patientId}/sessions`: physicians and operators record a session of the active PRIpri,
 * one per day (the unique index decides between parallel requests), measures only of its indices, not in
 * the future nor before the plan.
 */
export async function recordSession(
  db: Database,
  user: UserRow,
  patientId: number,
  body: NewPripriSession,
  now = new Date(),
): Promise<Pripri> {
  if (user.userType !== 'PHY' && user.userType !== 'OPT') throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, user, patientId, 'PAIR_WRITE', { detail: 'pripri session' });
  const today = romeToday(now);
  const plan = await activePlan(db, patientId, today);
  const thresholds = plan ? storedThresholds(plan) : [];
  if (!plan || thresholds.length === 0) throw new HttpError(409, 'PRIPRI_NO_PLAN');
  const fields = body.measures.flatMap((measure, at) =>
    thresholds.some((each) => each.index === measure.index) &&
    body.measures.findIndex((other) => other.index === measure.index) === at
      ? []
      : [{ field: `measures.${at}.index`, code: 'invalid' as const }],
  );
  if (body.sessionDate > today || body.sessionDate < plan.startDate)
    fields.push({ field: 'sessionDate', code: 'invalid' });
  if (fields.length > 0) throw new HttpError(400, 'BAD_REQUEST', fields);
  const inserted = await db
    .insert(pripriSessions)
    .values({
      planId: plan.id,
      patientId,
      sessionDate: body.sessionDate,
      measures: body.measures,
      recordedByUserId: user.id,
    })
    .onConflictDoNothing()
    .returning({ id: pripriSessions.id });
  if (inserted.length === 0) throw new HttpError(409, 'PRIPRI_SESSION_EXISTS');
  return getPripri(db, user, patientId, now);
}

/**
 * `GET /pripri/colours?patientIds=…`: the colours of one list page, two statements whatever its size.
 * Staff only; a patient whose dossier staff may not open is left out (the list shows no dot).
 */
export async function pripriColours(
  db: Database,
  user: UserRow,
  patientIds: readonly number[],
  now = new Date(),
): Promise<PripriColours> {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
  const ids = [...new Set(patientIds)];
  const open = await db
    .selectDistinct({ patientId: consents.patientId })
    .from(consents)
    .where(and(inArray(consents.patientId, ids), dossierConsentInForce(sql`${consents.patientId}`, now)));
  const allowed = open.map((row) => row.patientId);
  if (allowed.length === 0) return { colours: {} };
  const plans = await db
    .select({ id: pairPlans.id, patientId: pairPlans.patientId, thresholds: pairPlans.thresholds })
    .from(pairPlans)
    .where(
      and(
        inArray(pairPlans.patientId, allowed),
        eq(pairPlans.status, 'ACTIVE'),
        gte(pairPlans.stopDate, romeToday(now)),
      ),
    );
  const sessions =
    plans.length === 0
      ? []
      : await db
          .select({ planId: pripriSessions.planId, measures: pripriSessions.measures })
          .from(pripriSessions)
          .where(
            inArray(
              pripriSessions.planId,
              plans.map((plan) => plan.id),
            ),
          );
  const colours: PripriColours['colours'] = {};
  for (const patientId of allowed) {
    const plan = plans.find((each) => each.patientId === patientId);
    colours[String(patientId)] = pripriColour(
      plan ? storedThresholds(plan) : null,
      plan
        ? sessions.filter((each) => each.planId === plan.id).map((each) => storedMeasures(each.measures))
        : [],
    );
  }
  return { colours };
}
