import type { AdequacyBody, DssHint } from '../../../src/contract';
import { codeIn } from './coding';

/**
 * The adequacy rules of the decision support, over a draft as the form holds it (maybe incomplete). Each
 * hint names its rule; the texts are the portal's (docs/decisions.md, "PAIR decision support").
 */
export const WEEKLY_MINUTES_MAX = 900;
export const WEEKLY_MINUTES_MIN = 60;
export const PLAN_DAYS_LONG = 180;

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value !== null && typeof value === 'object' ? (value as Loose) : {});
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const days = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** Sessions per week from "value per unit"; null when the form has no usable frequency yet. */
function sessionsPerWeek(frequency: Loose): number | null {
  const value = num(frequency.value);
  const perUnit: Record<string, number> = { d: 7, wk: 1, mo: 7 / 30 };
  const factor = perUnit[str(frequency.unit)];
  return value === null || factor === undefined ? null : value * factor;
}

/** Minutes of one session; a length in metres has no duration and counts as unknown. */
function sessionMinutes(length: Loose): number | null {
  const value = num(length.value);
  if (value === null) return null;
  if (str(length.unit) === 'min') return value;
  if (str(length.unit) === 's') return value / 60;
  return null;
}

export function adequacyHints(draft: AdequacyBody): DssHint[] {
  const hints: DssHint[] = [];
  const start = draft.planningValidityStartDate;
  const stop = draft.planningValidityStopDate;
  if (draft.exercises.length === 0) hints.push({ rule: 'ADQ_NO_EXERCISES', severity: 'warning', params: {} });
  let weekly = 0;
  draft.exercises.forEach((exercise, at) => {
    const perWeek = sessionsPerWeek(obj(exercise.frequency));
    const minutes = sessionMinutes(obj(exercise.length));
    if (perWeek !== null && minutes !== null) weekly += perWeek * minutes;
    if (codeIn('category', str(exercise.category))?.limb && ['', 'NA'].includes(str(exercise.laterality)))
      hints.push({ rule: 'ADQ_LATERALITY', severity: 'warning', exercise: at, params: {} });
    const indices = Array.isArray(exercise.monitoringIndices) ? exercise.monitoringIndices : [];
    for (const item of indices.map(obj)) {
      const min = num(item.min);
      const max = num(item.max);
      if (min !== null && max !== null && min >= max)
        hints.push({
          rule: 'ADQ_MONITOR_RANGE',
          severity: 'warning',
          exercise: at,
          params: { index: str(item.index) },
        });
    }
    const from = str(exercise.startDate);
    const to = str(exercise.endDate);
    if (start && stop && ((from && from < start) || (to && to > stop)))
      hints.push({ rule: 'ADQ_OUTSIDE_PLAN', severity: 'warning', exercise: at, params: {} });
    if (str(exercise.location) === 'HOME' && ['MODERATE', 'TOTAL'].includes(str(exercise.assistance)))
      hints.push({ rule: 'ADQ_HOME_ASSISTANCE', severity: 'warning', exercise: at, params: {} });
  });
  const rounded = Math.round(weekly);
  if (rounded > WEEKLY_MINUTES_MAX)
    hints.push({
      rule: 'ADQ_WEEKLY_LOAD_HIGH',
      severity: 'warning',
      params: { minutes: rounded, max: WEEKLY_MINUTES_MAX },
    });
  else if (draft.exercises.length > 0 && rounded > 0 && rounded < WEEKLY_MINUTES_MIN)
    hints.push({
      rule: 'ADQ_WEEKLY_LOAD_LOW',
      severity: 'warning',
      params: { minutes: rounded, min: WEEKLY_MINUTES_MIN },
    });
  if (draft.thresholds.length === 0) hints.push({ rule: 'ADQ_NO_THRESHOLDS', severity: 'info', params: {} });
  if (start && stop && days(start, stop) > PLAN_DAYS_LONG)
    hints.push({ rule: 'ADQ_LONG_PLAN', severity: 'info', params: { days: PLAN_DAYS_LONG } });
  return hints;
}
