/** The editor's draft: a new plan, its exercises, and the field errors of the contract's validation. */
import * as v from 'valibot';
import type { FieldErrorCode } from '../../contract';
import { type Exercise, type PairInput, PairInput as PairInputSchema } from '../../contract/pair';

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');

export function newExercise(
  plan: Pick<PairInput, 'planningValidityStartDate' | 'planningValidityStopDate'>,
): Exercise {
  return {
    name: '',
    description: '',
    level: 'BASE',
    category: '',
    purpose: '',
    location: 'HOME',
    startDate: plan.planningValidityStartDate,
    endDate: plan.planningValidityStopDate,
    frequency: { value: 3, unit: 'wk', description: '' },
    seriesNumber: 3,
    repetitionsNumber: 10,
    seriesInterval: { value: 60, unit: 's' },
    sessionInterval: { value: 1, unit: 'd' },
    length: { value: 20, unit: 'min' },
    laterality: 'NA',
    assistance: 'NONE',
    supports: [],
    device: null,
    monitoringIndices: [],
  };
}

export function newPlan(): PairInput {
  return {
    name: '',
    planningValidityStartDate: day(0),
    planningValidityStopDate: day(60),
    exercises: [],
    thresholds: [],
  };
}

const known = new Set(['required', 'invalid', 'tooLong', 'tooShort', 'outOfRange', 'invalidPeriod']);

/** The contract's checks, as field path → code; an empty map means the plan may be saved. */
export function draftErrors(plan: PairInput): Map<string, FieldErrorCode> {
  const errors = new Map<string, FieldErrorCode>();
  const result = v.safeParse(PairInputSchema, plan);
  if (!result.success)
    for (const issue of result.issues) {
      const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
      const empty = issue.input === '' || issue.input === undefined || Number.isNaN(issue.input);
      const code = known.has(issue.message) ? issue.message : empty ? 'required' : 'invalid';
      if (!errors.has(path)) errors.set(path, code as FieldErrorCode);
    }
  if (plan.planningValidityStopDate < plan.planningValidityStartDate)
    errors.set('planningValidityStopDate', 'invalidPeriod');
  plan.exercises.forEach((exercise, at) => {
    if (exercise.endDate < exercise.startDate) errors.set(`exercises.${at}.endDate`, 'invalidPeriod');
  });
  return errors;
}
