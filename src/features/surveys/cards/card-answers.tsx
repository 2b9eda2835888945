/**
 * A card's answers for the staff: a summary per question (counts per option, mean/min/max of numbers,
 * the texts) and each patient's state and answers.
 */
import { IonLabel } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { answerMap, type QuestionSummary, type SurveyCardDetail } from '../../../contract/surveys';
import { useDateFormat } from '../../../i18n/dates';
import { IonBadge } from '../../../ui/ionic/badge';
import { IonSegment, IonSegmentButton } from '../../../ui/ionic/segment';
import { answerText } from '../answer-text';
import { STATUS_COLOR, STATUS_LABEL } from '../status-label';
import '../../../ui/record-card.css';

function SummaryBlock({ summary }: { summary: QuestionSummary }): JSX.Element {
  const { answered } = summary;
  return (
    <section className="record-card survey-summary" aria-label={summary.text}>
      <h3>{summary.text}</h3>
      <p className="survey-hint">
        <Trans>{answered} risposte</Trans>
      </p>
      {summary.choices && (
        <ul className="survey-bars">
          {summary.choices.map((choice) => (
            <li key={choice.code}>
              <span>{choice.display}</span>
              <span
                className="survey-bar"
                style={{ width: `${answered ? (choice.count / answered) * 100 : 0}%` }}
                aria-hidden="true"
              />
              <strong>{choice.count}</strong>
            </li>
          ))}
        </ul>
      )}
      {summary.numbers && (
        <p>
          <Trans>
            Media {summary.numbers.mean} · minimo {summary.numbers.min} · massimo {summary.numbers.max}
          </Trans>
        </p>
      )}
      {summary.texts && summary.texts.length > 0 && (
        <ul className="survey-texts">
          {summary.texts.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same text may come from two patients
            <li key={index}>{text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CardAnswers({ detail }: { detail: SurveyCardDetail }): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  const [view, setView] = useState<'summary' | 'patients'>('summary');
  const items = new Map(detail.questionnaire.item.map((item) => [item.linkId, item]));
  const due = date(detail.card.dueDate);
  return (
    <div className="survey-card-answers">
      <p>
        <Trans>
          Scadenza {due} · risposte {detail.card.submitted} su {detail.card.assigned}, rifiuti{' '}
          {detail.card.refused}
        </Trans>
      </p>
      <IonSegment
        value={view}
        aria-label={t`Come mostrare le risposte`}
        onIonChange={(e) => setView(e.detail.value === 'patients' ? 'patients' : 'summary')}
      >
        <IonSegmentButton value="summary">
          <IonLabel>
            <Trans>Riepilogo</Trans>
          </IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="patients">
          <IonLabel>
            <Trans>Per paziente</Trans>
          </IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {view === 'summary' &&
        detail.summary.map((summary) => <SummaryBlock key={summary.linkId} summary={summary} />)}
      {view === 'patients' &&
        detail.responses.map((response) => {
          const answers = answerMap(response.items);
          return (
            <section
              key={response.id}
              className="record-card survey-response"
              aria-label={response.patient.displayName}
            >
              <h3>
                {response.patient.displayName}{' '}
                <IonBadge color={STATUS_COLOR[response.status]}>
                  {i18n._(STATUS_LABEL[response.status])}
                </IonBadge>
              </h3>
              {response.refusalReason && (
                <p>
                  <Trans>Motivo del rifiuto: {response.refusalReason}</Trans>
                </p>
              )}
              {response.items.length > 0 && (
                <dl className="survey-answers">
                  {response.items.map(({ linkId }) => {
                    const item = items.get(linkId);
                    return item ? (
                      <div key={linkId}>
                        <dt>{item.text}</dt>
                        <dd>{answerText(item, answers.get(linkId) ?? [], date)}</dd>
                      </div>
                    ) : null;
                  })}
                </dl>
              )}
            </section>
          );
        })}
    </div>
  );
}
