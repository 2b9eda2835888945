import { and, eq, gte, inArray } from 'drizzle-orm';
import type { AdequacyBody, AdequacyReply, DssHint, EligibilityReply } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, pairPlans, patients, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { isStaff } from '../users';
import { romeToday } from './coding';
import { adequacyHints } from './dss-rules';

/** Documents that show a rehabilitation need: a discharge letter or a specialist visit. */
export const CLINICAL_BASIS_TYPES = ['DIM', 'VIS'];
export const CLINICAL_BASIS_DAYS = 365;
export const ADULT_AGE = 18;

function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

async function authorizeDss(db: Database, user: UserRow, patientId: number): Promise<void> {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
  await authorizePatientAccess(db, user, patientId, 'PAIR_READ', { detail: 'dss' });
}

/**
 * `GET /dss/verifyPatientEligibility`: blocking rules (adult; a discharge letter or specialist visit in
 * the last year) make the patient ineligible, and the portal then asks before creating; informative ones
 * say what signing will do (the active plan is replaced) or what waits (drafts).
 */
export async function verifyEligibility(
  db: Database,
  user: UserRow,
  patientId: number,
  now: Date = new Date(),
): Promise<EligibilityReply> {
  await authorizeDss(db, user, patientId);
  const today = romeToday(now);
  const hints: DssHint[] = [];
  const [patient] = await db
    .select({ birthDate: patients.birthDate })
    .from(patients)
    .where(eq(patients.mepiId, patientId));
  if (!patient) throw new HttpError(404, 'NOT_FOUND');
  const age = ageOn(patient.birthDate, today);
  if (age < ADULT_AGE) hints.push({ rule: 'ELIG_ADULT', severity: 'block', params: { age, min: ADULT_AGE } });
  const since = new Date(now.getTime() - CLINICAL_BASIS_DAYS * 86_400_000);
  const [basis] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, patientId),
        inArray(documents.documentTypeCode, CLINICAL_BASIS_TYPES),
        gte(documents.createdAt, since),
      ),
    )
    .limit(1);
  if (!basis)
    hints.push({ rule: 'ELIG_CLINICAL_BASIS', severity: 'block', params: { days: CLINICAL_BASIS_DAYS } });
  const plans = await db
    .select({ name: pairPlans.name, status: pairPlans.status, stopDate: pairPlans.stopDate })
    .from(pairPlans)
    .where(and(eq(pairPlans.patientId, patientId), inArray(pairPlans.status, ['ACTIVE', 'DRAFT'])));
  const active = plans.find((plan) => plan.status === 'ACTIVE' && plan.stopDate >= today);
  if (active) hints.push({ rule: 'ELIG_ACTIVE_PLAN', severity: 'info', params: { name: active.name } });
  const drafts = plans.filter((plan) => plan.status === 'DRAFT').length;
  if (drafts > 0) hints.push({ rule: 'ELIG_DRAFTS', severity: 'info', params: { count: drafts } });
  return { eligible: !hints.some((hint) => hint.severity === 'block'), hints };
}

/** `POST /dss/verifyPlanAdequacy`: the adequacy rules over the draft (./dss-rules.ts). */
export async function verifyAdequacy(
  db: Database,
  user: UserRow,
  patientId: number,
  draft: AdequacyBody,
): Promise<AdequacyReply> {
  await authorizeDss(db, user, patientId);
  return { hints: adequacyHints(draft) };
}
