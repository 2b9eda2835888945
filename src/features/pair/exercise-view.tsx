/** One exercise as the patient and the physician read it: every field of spec 3 in plain words. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { CodingSchema, Exercise } from '../../contract/pair';
import { useDateFormat } from '../../i18n/dates';
import { FactList } from '../../ui/fact-section';
import { display, unitOf } from './coding';
import { FIELD_TEXT } from './labels';
import { quantityText, rangeText, seriesText } from './wording';

export function ExerciseView({
  exercise,
  coding,
}: {
  exercise: Exercise;
  coding: CodingSchema | null;
}): JSX.Element {
  const { i18n, t } = useLingui();
  const format = useDateFormat();
  const label = (field: keyof Exercise) => i18n._(FIELD_TEXT[field]);
  const quantity = (value: number, vocabulary: 'intervalUnit' | 'lengthUnit', unit: string) =>
    quantityText(i18n, value, unit, display(coding, vocabulary, unit));
  const frequency = `${exercise.frequency.value} ${display(coding, 'frequencyUnit', exercise.frequency.unit)}`;
  return (
    <article className="exercise-view">
      <h3>{exercise.name}</h3>
      {exercise.description && <p>{exercise.description}</p>}
      <FactList
        facts={[
          { label: label('purpose'), value: exercise.purpose },
          { label: label('category'), value: display(coding, 'category', exercise.category) },
          { label: label('level'), value: display(coding, 'level', exercise.level) },
          { label: label('location'), value: display(coding, 'location', exercise.location) },
          {
            label: t`Periodo`,
            value: t`dal ${format.date(exercise.startDate)} al ${format.date(exercise.endDate)}`,
          },
          {
            label: label('frequency'),
            value: exercise.frequency.description
              ? `${frequency} (${exercise.frequency.description})`
              : frequency,
          },
          {
            label: t`Serie e ripetizioni`,
            value: seriesText(i18n, exercise.seriesNumber, exercise.repetitionsNumber),
          },
          {
            label: label('seriesInterval'),
            value: quantity(exercise.seriesInterval.value, 'intervalUnit', exercise.seriesInterval.unit),
          },
          {
            label: label('sessionInterval'),
            value: quantity(exercise.sessionInterval.value, 'intervalUnit', exercise.sessionInterval.unit),
          },
          {
            label: label('length'),
            value: quantity(exercise.length.value, 'lengthUnit', exercise.length.unit),
          },
          { label: label('laterality'), value: display(coding, 'laterality', exercise.laterality) },
          { label: label('assistance'), value: display(coding, 'assistance', exercise.assistance) },
          {
            label: label('supports'),
            value: exercise.supports.map((code) => display(coding, 'support', code)).join(', '),
          },
          { label: label('device'), value: display(coding, 'device', exercise.device) },
          {
            label: label('monitoringIndices'),
            value: exercise.monitoringIndices
              .map((item) =>
                rangeText(i18n, {
                  name: display(coding, 'monitoringIndex', item.index),
                  unit: unitOf(coding, item.index),
                  min: item.min,
                  max: item.max,
                }),
              )
              .join('; '),
          },
        ]}
      />
    </article>
  );
}
