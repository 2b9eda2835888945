/** A plan's head and exercises: status in the title (spec 4), validity, author, PRIpri thresholds. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import type { CodingSchema, Pair } from '../../contract/pair';
import { useDateFormat } from '../../i18n/dates';
import { IonBadge } from '../../ui/ionic/badge';
import { display, unitOf } from './coding';
import { ExerciseView } from './exercise-view';
import { STATUS_COLOUR, STATUS_TEXT } from './labels';
import { thresholdText } from './wording';

export function PlanSummary({
  pair,
  coding,
  open,
  children,
}: {
  pair: Pair;
  coding: CodingSchema | null;
  /** Exercises shown at once (the patient's current plan) or behind a disclosure. */
  open: boolean;
  children?: ReactNode;
}): JSX.Element {
  const { i18n, t } = useLingui();
  const format = useDateFormat();
  const status = i18n._(STATUS_TEXT[pair.status]);
  const exercises = pair.exercises.map((exercise) => (
    <ExerciseView key={exercise.name} exercise={exercise} coding={coding} />
  ));
  return (
    <article className="summary-card pair-card" aria-labelledby={`pair-${pair.id}-title`}>
      <div className="record-header">
        {/* The status said once, as a badge in the title (spec 4: the status is in the title). */}
        <h2 id={`pair-${pair.id}-title`} className="pair-title">
          <span>{pair.name}</span> <IonBadge color={STATUS_COLOUR[pair.status]}>{status}</IonBadge>
        </h2>
        <p>
          {t`Valido dal ${format.date(pair.planningValidityStartDate)} al ${format.date(pair.planningValidityStopDate)}`}
          {' · '}
          {t`di ${pair.createdBy}`}
        </p>
        {pair.closingDate && (
          <p>{t`Chiuso il ${format.date(pair.closingDate)}: ${pair.closingReason ?? ''}`}</p>
        )}
      </div>
      {pair.thresholds.length > 0 && (
        <div className="pair-thresholds">
          <p>
            <Trans>Soglie del monitoraggio PRIpri:</Trans>
          </p>
          <ul>
            {pair.thresholds.map((item) => (
              <li key={item.index}>
                {thresholdText(i18n, {
                  name: display(coding, 'monitoringIndex', item.index),
                  unit: unitOf(coding, item.index),
                  green: item.green,
                  red: item.red,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {open ? (
        exercises
      ) : (
        <details className="pair-exercises">
          <summary>{t`Esercizi: ${pair.exercises.length}`}</summary>
          {exercises}
        </details>
      )}
      {children}
    </article>
  );
}
