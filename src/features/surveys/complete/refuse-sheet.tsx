/**
 * The patient refuses a survey with a reason (mandatory: 'Il motivo del rifiuto è obbligatorio'), which
 * the staff read beside the card. The reason typed stays if the refusal fails.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { fieldErrorMessage } from '../../../api/error-messages';
import { errorReplyOf, failureMessage } from '../../../api/error-report';
import { SURVEY_REASON_MAX } from '../../../contract/surveys';
import { ReasonField } from '../../../ui/reason-field';
import { Sheet } from '../../../ui/sheet';
import '../../../ui/forms.css';

const REASON_REQUIRED = msg`Il motivo del rifiuto è obbligatorio`;

function problemOf(failure: unknown): MessageDescriptor {
  const field = errorReplyOf(failure)?.fields?.find((each) => each.field === 'reason');
  if (field?.code === 'required') return REASON_REQUIRED;
  if (field) return fieldErrorMessage(field.code);
  return failureMessage(failure) ?? msg`Errore nel rifiuto del questionario. Riprova.`;
}

export function RefuseSheet({
  open,
  title,
  onClose,
  onRefuse,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onRefuse: (reason: string) => Promise<void>;
}): JSX.Element {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    if (!reason.trim()) {
      setProblem(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onRefuse(reason.trim());
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      closeDisabled={busy}
      title={<Trans>Rifiuta il questionario</Trans>}
      footer={
        <div className="survey-actions">
          <IonButton fill="outline" disabled={busy} onClick={onClose}>
            <Trans>Annulla</Trans>
          </IonButton>
          <IonButton color="danger" disabled={busy} onClick={() => void submit()}>
            <Trans>Conferma il rifiuto</Trans>
          </IonButton>
        </div>
      }
    >
      <p>
        <Trans>
          Scrivi perché non vuoi compilare il questionario «{title}». Chi te l'ha inviato leggerà il motivo.
        </Trans>
      </p>
      <ReasonField
        value={reason}
        onChange={setReason}
        maxLength={SURVEY_REASON_MAX}
        rows={4}
        disabled={busy}
        problem={problem}
      />
    </Sheet>
  );
}
