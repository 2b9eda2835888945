/**
 * The patient rejects a conference request with a reason (mandatory: 'Il motivo del rifiuto è
 * obbligatorio'), which the physician reads. The reason typed stays if the rejection fails.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf, failureMessage } from '../../api/error-report';
import { CONFERENCE_REASON_MAX, type Conference } from '../../contract/conferences';
import { ReasonField } from '../../ui/reason-field';
import { Sheet } from '../../ui/sheet';
import '../../ui/forms.css';

const REASON_REQUIRED = msg`Il motivo del rifiuto è obbligatorio`;

/** What the server's refusal means for the field. */
function problemOf(failure: unknown): MessageDescriptor {
  const field = errorReplyOf(failure)?.fields?.find((each) => each.field === 'message');
  if (field?.code === 'required') return REASON_REQUIRED;
  if (field) return fieldErrorMessage(field.code);
  return failureMessage(failure) ?? msg`Impossibile rifiutare la videoconferenza. Riprova.`;
}

export function RejectSheet({
  conference,
  onClose,
  onReject,
}: {
  conference: Conference | null;
  onClose: () => void;
  onReject: (conference: Conference, reason: string) => Promise<void>;
}): JSX.Element {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const id = conference?.id ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new conference opens with a clean form
  useEffect(() => {
    setReason('');
    setProblem(null);
  }, [id]);

  const submit = async (): Promise<void> => {
    if (!conference) return;
    if (!reason.trim()) {
      setProblem(REASON_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onReject(conference, reason.trim());
    } catch (failure) {
      setProblem(problemOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={conference !== null}
      onClose={onClose}
      closeDisabled={busy}
      title={<Trans>Rifiuta la videoconferenza</Trans>}
      footer={
        <div className="conference-actions">
          <IonButton fill="outline" disabled={busy} onClick={onClose}>
            <Trans>Annulla</Trans>
          </IonButton>
          <IonButton color="danger" disabled={busy} onClick={() => void submit()}>
            <Trans>Conferma il rifiuto</Trans>
          </IonButton>
        </div>
      }
    >
      {conference && (
        <p>
          <Trans>
            Scrivi al medico perché non puoi partecipare alla videoconferenza richiesta da{' '}
            {conference.requester.displayName}.
          </Trans>
        </p>
      )}
      <ReasonField
        value={reason}
        onChange={setReason}
        maxLength={CONFERENCE_REASON_MAX}
        rows={4}
        disabled={busy}
        problem={problem}
      />
    </Sheet>
  );
}
