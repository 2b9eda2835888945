import type { CodingSchema, CodingVocabulary, FieldError, PairInput } from '../../../src/contract';
import { HttpError } from '../../http-error';
import type { Language } from '../language';
import { type CodedEntry, codingSchema } from './coding.data';

/** `GET /codingSchema`: every vocabulary as {code, display} in the caller's language, without systems. */
export function codingReply(language: Language): CodingSchema {
  const strip = ({ code, display, unit, outcome, limb }: CodedEntry) => ({
    code,
    display: display[language],
    ...(unit === undefined ? {} : { unit }),
    ...(outcome ? { outcome } : {}),
    ...(limb ? { limb } : {}),
  });
  return Object.fromEntries(
    Object.entries(codingSchema).map(([vocabulary, entries]) => [vocabulary, entries.map(strip)]),
  ) as CodingSchema;
}

export function codeIn(
  vocabulary: CodingVocabulary,
  code: string | null | undefined,
): CodedEntry | undefined {
  return codingSchema[vocabulary].find((entry) => entry.code === code);
}

/** Today in Rome, YYYY-MM-DD: plan dates are days of the hospital's calendar. */
export function romeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(now);
}

/**
 * What the contract cannot say alone: codes belong to their vocabulary, periods run forwards, thresholds
 * name outcome indices once each. Throws 400 with every field in error.
 */
export function assertValidPlan(plan: PairInput): void {
  const errors: FieldError[] = [];
  const code = (field: string, vocabulary: CodingVocabulary, value: string | null) => {
    if (value !== null && !codeIn(vocabulary, value)) errors.push({ field, code: 'invalid' });
  };
  if (plan.planningValidityStopDate < plan.planningValidityStartDate)
    errors.push({ field: 'planningValidityStopDate', code: 'invalidPeriod' });
  plan.exercises.forEach((exercise, at) => {
    const path = `exercises.${at}`;
    code(`${path}.level`, 'level', exercise.level);
    code(`${path}.category`, 'category', exercise.category);
    code(`${path}.location`, 'location', exercise.location);
    code(`${path}.frequency.unit`, 'frequencyUnit', exercise.frequency.unit);
    code(`${path}.seriesInterval.unit`, 'intervalUnit', exercise.seriesInterval.unit);
    code(`${path}.sessionInterval.unit`, 'intervalUnit', exercise.sessionInterval.unit);
    code(`${path}.length.unit`, 'lengthUnit', exercise.length.unit);
    code(`${path}.laterality`, 'laterality', exercise.laterality);
    code(`${path}.assistance`, 'assistance', exercise.assistance);
    code(`${path}.device`, 'device', exercise.device);
    for (const [n, support] of exercise.supports.entries()) code(`${path}.supports.${n}`, 'support', support);
    for (const [n, item] of exercise.monitoringIndices.entries())
      code(`${path}.monitoringIndices.${n}.index`, 'monitoringIndex', item.index);
    if (exercise.endDate < exercise.startDate)
      errors.push({ field: `${path}.endDate`, code: 'invalidPeriod' });
  });
  const seen = new Set<string>();
  plan.thresholds.forEach((threshold, at) => {
    if (!codeIn('monitoringIndex', threshold.index)?.outcome || seen.has(threshold.index))
      errors.push({ field: `thresholds.${at}.index`, code: 'invalid' });
    seen.add(threshold.index);
  });
  if (errors.length > 0) throw new HttpError(400, 'BAD_REQUEST', errors);
}
