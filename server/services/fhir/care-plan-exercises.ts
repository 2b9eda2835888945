import type { CarePlanActivity, CarePlanActivityDetail, TimingRepeat } from '@medplum/fhirtypes';
import type { CodingVocabulary, Exercise } from '../../../src/contract';
import type { Language } from '../language';
import { codeIn } from '../pair/coding';

/** FHIR's units of time (Timing.repeat.periodUnit, durationUnit: a required binding). */
const unitsOfTime = new Set(['s', 'min', 'h', 'd', 'wk', 'mo', 'a']);
type UnitOfTime = NonNullable<TimingRepeat['periodUnit']>;
const isUnitOfTime = (unit: string): unit is UnitOfTime => unitsOfTime.has(unit);

const words = {
  it: { goal: 'Obiettivo', sets: 'serie da', reps: 'ripetizioni', time: 'volta', times: 'volte' },
  en: { goal: 'Goal', sets: 'sets of', reps: 'repetitions', time: 'time', times: 'times' },
} as const;
const labels = {
  it: { length: 'durata', rest: 'pausa tra le serie', side: 'lato', supports: 'appoggi', device: 'ausilio' },
  en: { length: 'length', rest: 'rest between sets', side: 'side', supports: 'supports', device: 'device' },
} as const;
const monitor = { it: 'da monitorare', en: 'to monitor' } as const;

/**
 * The exercise as the physician wrote it, in words of the reader's language (the PAIR form's vocabularies):
 * what, why, how many, how often, how long, side, assistance, supports, device and the indices to watch.
 */
export function exerciseText(exercise: Exercise, language: Language): string {
  const display = (vocabulary: CodingVocabulary, code: string) =>
    codeIn(vocabulary, code)?.display[language] ?? code;
  const word = words[language];
  const label = labels[language];
  const { frequency, length, seriesInterval } = exercise;
  const often = `${frequency.value} ${frequency.value === 1 ? word.time : word.times} ${display('frequencyUnit', frequency.unit)}`;
  const indices = exercise.monitoringIndices.map(({ index, min, max }) => {
    const unit = codeIn('monitoringIndex', index)?.unit;
    return `${display('monitoringIndex', index)} ${min}–${max}${unit ? ` ${unit}` : ''}`;
  });
  const parts = [
    exercise.description,
    exercise.purpose && `${word.goal}: ${exercise.purpose}`,
    `${exercise.seriesNumber} ${word.sets} ${exercise.repetitionsNumber} ${word.reps}`,
    frequency.description ? `${often} (${frequency.description})` : often,
    `${label.length} ${length.value} ${display('lengthUnit', length.unit)}`,
    `${label.rest} ${seriesInterval.value} ${display('intervalUnit', seriesInterval.unit)}`,
    exercise.laterality !== 'NA' && `${label.side}: ${display('laterality', exercise.laterality)}`,
    display('assistance', exercise.assistance),
    exercise.supports.length > 0 &&
      `${label.supports}: ${exercise.supports.map((code) => display('support', code)).join(', ')}`,
    exercise.device && `${label.device}: ${display('device', exercise.device)}`,
    indices.length > 0 && `${monitor[language]}: ${indices.join(', ')}`,
  ];
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('; ');
}

/** How often and how long, as a Timing: `frequency` per one `periodUnit`, within the exercise's days. */
function timingOf(exercise: Exercise): TimingRepeat {
  const { frequency, length } = exercise;
  return {
    boundsPeriod: { start: exercise.startDate, end: exercise.endDate },
    ...(isUnitOfTime(frequency.unit)
      ? { frequency: frequency.value, period: 1, periodUnit: frequency.unit }
      : {}),
    ...(isUnitOfTime(length.unit) ? { duration: length.value, durationUnit: length.unit } : {}),
  };
}

/** One exercise of a rehabilitation plan as a CarePlan activity: its category, schedule, place and text. */
export function exerciseActivity(
  exercise: Exercise,
  status: CarePlanActivityDetail['status'],
  language: Language,
): CarePlanActivity {
  const category = codeIn('category', exercise.category);
  const location = codeIn('location', exercise.location);
  return {
    detail: {
      code: {
        ...(category
          ? {
              coding: [{ system: category.system, code: category.code, display: category.display[language] }],
            }
          : {}),
        text: exercise.name,
      },
      status,
      scheduledTiming: { repeat: timingOf(exercise) },
      ...(location ? { location: { display: location.display[language] } } : {}),
      description: exerciseText(exercise, language),
    },
  };
}
