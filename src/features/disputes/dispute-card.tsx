/**
 * One open report: the access it is about (when, who with which role and title, what), the patient's
 * comment, and the officer's answer with the two ways to close it, each confirmed (closing is final).
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { DISPUTE_ANSWER_MAX, type DisputeAnswer, type DisputeQueueItem } from '../../contract/disputes';
import { useDateFormat } from '../../i18n/dates';
import { confirm } from '../../ui/confirm-dialog';

const CLOSE_AS: Record<DisputeAnswer['state'], { header: MessageDescriptor; message: MessageDescriptor }> = {
  JUSTIFIED: {
    header: msg`Chiudi come giustificato`,
    message: msg`L'accesso aveva un motivo. Il paziente riceve la tua risposta e la segnalazione si chiude. Confermi?`,
  },
  VIOLATION: {
    header: msg`Chiudi come violazione`,
    message: msg`L'accesso non era giustificato. Il paziente riceve la tua risposta e la segnalazione si chiude. Confermi?`,
  },
};

export function DisputeCard({
  item,
  onAnswer,
}: {
  item: DisputeQueueItem;
  onAnswer: (item: DisputeQueueItem, answer: DisputeAnswer) => Promise<void>;
}): JSX.Element {
  const { i18n } = useLingui();
  const format = useDateFormat();
  const fieldId = useId();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);

  const close = async (state: DisputeAnswer['state']) => {
    if (!answer.trim()) {
      setProblem(msg`Scrivi la risposta per il paziente`);
      return;
    }
    if (!(await confirm({ ...CLOSE_AS[state], confirmLabel: CLOSE_AS[state].header }))) return;
    setBusy(true);
    try {
      await onAnswer(item, { state, answer: answer.trim() });
    } catch (failure) {
      setProblem(failureMessage(failure) ?? msg`Risposta non inviata. Riprova.`);
      setBusy(false);
    }
  };

  const { access } = item;
  return (
    <article className="dispute-card" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>{item.patientName}</h2>
      <dl className="dispute-facts">
        <dt>
          <Trans>Accesso</Trans>
        </dt>
        <dd>
          {format.dateTime(access.dateTime)} · {access.userName} ({access.userRole}, {access.accessTitle})
        </dd>
        <dt>
          <Trans>Attività</Trans>
        </dt>
        <dd>
          {access.activity}
          {access.documentId !== null && <> · #{access.documentId}</>}
          {access.detail && <> · {access.detail}</>}
        </dd>
        <dt>
          <Trans>Segnalato il</Trans>
        </dt>
        <dd>{format.dateTime(item.createdAt)}</dd>
        <dt>
          <Trans>Commento del paziente</Trans>
        </dt>
        <dd>{item.comment ?? <Trans>Nessun commento</Trans>}</dd>
      </dl>
      <label className="field" htmlFor={`${fieldId}-answer`}>
        <span>
          <Trans>Risposta al paziente</Trans>
        </span>
      </label>
      <textarea
        id={`${fieldId}-answer`}
        className="dispute-answer"
        rows={3}
        maxLength={DISPUTE_ANSWER_MAX}
        value={answer}
        disabled={busy}
        aria-invalid={problem !== null}
        onChange={(event) => {
          setAnswer(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p className="field-error" role="alert">
          {i18n._(problem)}
        </p>
      )}
      <div className="dispute-actions">
        <IonButton fill="outline" disabled={busy} onClick={() => void close('JUSTIFIED')}>
          <Trans>Chiudi: giustificato</Trans>
        </IonButton>
        <IonButton color="danger" disabled={busy} onClick={() => void close('VIOLATION')}>
          <Trans>Chiudi: violazione</Trans>
        </IonButton>
      </div>
    </article>
  );
}
