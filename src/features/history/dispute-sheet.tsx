/**
 * "Non riconosco questo accesso": an optional comment for the privacy officer, then a confirmation, as a
 * report cannot be taken back. The sheet says who and when, so the patient knows which access they report.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import { DISPUTE_COMMENT_MAX } from '../../contract/disputes';
import type { TreatmentHistoryItem } from '../../contract/documents';
import { useDateFormat } from '../../i18n/dates';
import { confirm } from '../../ui/confirm-dialog';
import { Sheet } from '../../ui/sheet';
import '../../ui/forms.css';

export function DisputeSheet({
  item,
  onClose,
  onReport,
}: {
  item: TreatmentHistoryItem | null;
  onClose: () => void;
  onReport: (item: TreatmentHistoryItem, comment: string) => Promise<void>;
}): JSX.Element {
  const { i18n } = useLingui();
  const format = useDateFormat();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const id = item?.id ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another access opens with an empty comment
  useEffect(() => {
    setComment('');
    setProblem(null);
  }, [id]);

  const submit = async (): Promise<void> => {
    if (!item) return;
    const yes = await confirm({
      header: msg`Segnala l'accesso`,
      message: msg`La segnalazione va al responsabile della privacy, che la esamina e ti risponde. Confermi?`,
      confirmLabel: msg`Invia la segnalazione`,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await onReport(item, comment.trim());
    } catch (failure) {
      setProblem(failureMessage(failure) ?? msg`Segnalazione non inviata. Riprova.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={item !== null}
      onClose={onClose}
      closeDisabled={busy}
      title={<Trans>Non riconosco questo accesso</Trans>}
      className="history-dispute-sheet"
      footer={
        <div className="history-sheet-footer">
          <IonButton expand="block" disabled={busy} onClick={() => void submit()}>
            <Trans>Invia la segnalazione</Trans>
          </IonButton>
        </div>
      }
    >
      {item && (
        <p className="history-sheet-subject">
          {format.dateTime(item.dateTime)} · {item.user}
          <br />
          {item.treatmentDesc}
        </p>
      )}
      <label className="field">
        <span>
          <Trans>Commento (facoltativo)</Trans>
        </span>
        <textarea
          rows={4}
          maxLength={DISPUTE_COMMENT_MAX}
          value={comment}
          disabled={busy}
          aria-describedby="history-dispute-hint"
          onChange={(event) => setComment(event.target.value)}
        />
      </label>
      <p id="history-dispute-hint" className="muted history-sheet-hint">
        <Trans>
          Per esempio perché pensi che l'accesso non sia giustificato. Il responsabile della privacy vede
          l'accesso, chi l'ha fatto e il tuo commento.
        </Trans>
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {i18n._(problem)}
        </p>
      )}
    </Sheet>
  );
}
