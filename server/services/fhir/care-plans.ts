import type { CarePlan, CarePlanActivity, CodeableConcept } from '@medplum/fhirtypes';
import type { PaiActivityStatus, PairStatus, PaiStatus } from '../../../src/contract';
import type { paiActivities, pais } from '../../db/schema';
import type { Language, Localized } from '../language';
import type { PlanRow } from '../pair/records';
import { effectiveStatus, storedExercises } from '../pair/records';
import { exerciseActivity } from './care-plan-exercises';
import { concept, type EntryId, type MappingContext, portalSystems, referenceTo } from './systems';

type CarePlanStatus = CarePlan['status'];
type ActivityStatus = NonNullable<CarePlanActivity['detail']>['status'];

/** A care plan ends as it was replaced (revoked: "terminated … may have been replaced") or closed (completed). */
const paiStatuses = {
  ACTIVE: 'active',
  REPLACED: 'revoked',
  CLOSED: 'completed',
} as const satisfies Record<PaiStatus, CarePlanStatus>;

/**
 * A rehabilitation plan that ran to its stop date is completed; one closed before it, or replaced by a new
 * signature, was terminated before completion (revoked).
 */
const pairStatuses = {
  DRAFT: 'draft',
  ACTIVE: 'active',
  EXPIRED: 'completed',
  CLOSED: 'revoked',
  REPLACED: 'revoked',
} as const satisfies Record<PairStatus, CarePlanStatus>;

const kinds = {
  PAI: { it: 'Piano assistenziale individuale (PAI)', en: 'Individual care plan (PAI)' },
  PAIR: { it: 'Piano riabilitativo individuale (PAIR)', en: 'Individual rehabilitation plan (PAIR)' },
} satisfies Record<string, Localized>;

const done = { it: 'Attività svolta', en: 'Activity done' } satisfies Localized;

const kindOf = (code: keyof typeof kinds, language: Language): CodeableConcept =>
  concept(
    [{ system: portalSystems.carePlanKind, code, display: kinds[code][language] }],
    kinds[code][language],
  );

export interface PaiPlan {
  plan: typeof pais.$inferSelect;
  type: { code: string; name: string };
  author: string | null;
  /** The plan this one replaced, when the reader may see it. */
  replaces: number | null;
  /** Null: not for this reader (the patient's side sees only an ACTIVE plan's activities). */
  activities: { activity: typeof paiActivities.$inferSelect; doneBy: string | null }[] | null;
}

function paiActivity(
  { activity, doneBy }: NonNullable<PaiPlan['activities']>[number],
  planStatus: CarePlanStatus,
  language: Language,
): CarePlanActivity {
  const todo = planStatus === 'active' ? 'scheduled' : 'cancelled';
  const statuses = { TODO: todo, DONE: 'completed' } satisfies Record<PaiActivityStatus, ActivityStatus>;
  const status = statuses[activity.status as PaiActivityStatus] ?? 'unknown';
  return {
    ...(activity.status === 'DONE' && activity.deliveryDate
      ? {
          progress: [
            {
              time: activity.deliveryDate,
              text: done[language],
              ...(doneBy ? { authorString: doneBy } : {}),
            },
          ],
        }
      : {}),
    detail: {
      code: { text: activity.title },
      status,
      scheduledPeriod: { start: activity.plannedDate, end: activity.plannedDate },
      ...(activity.description ? { description: activity.description } : {}),
    },
  };
}

/**
 * A care plan (PAI) as a CarePlan: its kind and type as categories, its validity as the period, each
 * activity with its planned day and, once done, the day it was done and by whom.
 */
export function paiCarePlan(source: PaiPlan, entry: EntryId, context: MappingContext): CarePlan {
  const { plan, type } = source;
  const { language } = context;
  const status = paiStatuses[plan.status as PaiStatus] ?? 'unknown';
  return {
    resourceType: 'CarePlan',
    id: entry.id,
    status,
    intent: 'plan',
    category: [
      kindOf('PAI', language),
      concept([{ system: portalSystems.paiType, code: type.code }], type.name),
    ],
    title: plan.title,
    subject: referenceTo(context.patient),
    period: { start: plan.validFrom, ...(plan.validTo ? { end: plan.validTo } : {}) },
    created: plan.createdAt.toISOString(),
    ...(source.author ? { author: { display: source.author } } : {}),
    ...(source.replaces ? { replaces: [{ reference: `CarePlan/pai-${source.replaces}` }] } : {}),
    ...(source.activities && source.activities.length > 0
      ? { activity: source.activities.map((activity) => paiActivity(activity, status, language)) }
      : {}),
  };
}

/** Where an exercise stands: by the plan's state, and within a plan in force by its own days. */
function exerciseStatus(
  planStatus: CarePlanStatus,
  start: string,
  end: string,
  today: string,
): ActivityStatus {
  if (planStatus === 'draft') return 'not-started';
  if (planStatus === 'revoked') return 'stopped';
  if (end < today) return 'completed';
  return start > today ? 'scheduled' : 'in-progress';
}

/**
 * A rehabilitation plan (PAIR) as a CarePlan: EXPIRED computed as the portal shows it, the period to the
 * closing day when it was closed (the reason as a note), each exercise an activity.
 */
export function pairCarePlan(
  row: PlanRow,
  author: string | null,
  entry: EntryId,
  context: MappingContext & { today: string },
): CarePlan {
  const status = pairStatuses[effectiveStatus(row, context.today)] ?? 'unknown';
  const exercises = storedExercises(row);
  return {
    resourceType: 'CarePlan',
    id: entry.id,
    status,
    intent: 'plan',
    category: [kindOf('PAIR', context.language)],
    title: row.name,
    subject: referenceTo(context.patient),
    period: { start: row.startDate, end: row.closingDate ?? row.stopDate },
    created: row.createdAt.toISOString(),
    ...(author ? { author: { display: author } } : {}),
    ...(row.replacesId ? { replaces: [{ reference: `CarePlan/pair-${row.replacesId}` }] } : {}),
    ...(exercises.length > 0
      ? {
          activity: exercises.map((exercise) =>
            exerciseActivity(
              exercise,
              exerciseStatus(status, exercise.startDate, exercise.endDate, context.today),
              context.language,
            ),
          ),
        }
      : {}),
    ...(row.closingReason ? { note: [{ text: row.closingReason }] } : {}),
  };
}
