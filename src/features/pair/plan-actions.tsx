/** What a physician does with a plan: edit, sign or delete a DRAFT; close an ACTIVE one (date and reason). */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId, useState } from 'react';
import { errorReplyMessage, fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { Pair } from '../../contract/pair';
import { CLOSING_REASON_MAX } from '../../contract/pair';
import { paths } from '../../routing/paths';
import { confirm } from '../../ui/confirm-dialog';
import { showToast } from '../../ui/toasts';
import { deletePair, updatePair } from './api';

const today = (): string => new Date().toLocaleDateString('en-CA');

export function PlanActions({ pair, onChanged }: { pair: Pair; onChanged: () => void }): JSX.Element | null {
  const [closing, setClosing] = useState(false);
  const remove = async () => {
    const sure = await confirm({
      header: msg`Eliminare la bozza?`,
      message: msg`La bozza «${pair.name}» sarà eliminata definitivamente.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (!sure) return;
    await deletePair(pair.id).then(onChanged, () => undefined);
  };
  if (pair.status === 'DRAFT')
    return (
      <div className="pair-actions">
        <IonButton routerLink={paths.pairEdit(pair.patientId, pair.id)} fill="outline">
          <Trans>Modifica</Trans>
        </IonButton>
        <IonButton routerLink={paths.pairSign(pair.patientId, pair.id)}>
          <Trans>Firma e attiva</Trans>
        </IonButton>
        <IonButton fill="clear" color="danger" onClick={() => void remove()}>
          <Trans>Elimina</Trans>
        </IonButton>
      </div>
    );
  if (pair.status !== 'ACTIVE') return null;
  return closing ? (
    <CloseForm pair={pair} onDone={onChanged} onCancel={() => setClosing(false)} />
  ) : (
    <div className="pair-actions">
      <IonButton fill="outline" color="danger" onClick={() => setClosing(true)}>
        <Trans>Chiudi il piano</Trans>
      </IonButton>
    </div>
  );
}

function CloseForm({
  pair,
  onDone,
  onCancel,
}: {
  pair: Pair;
  onDone: () => void;
  onCancel: () => void;
}): JSX.Element {
  const { i18n, t } = useLingui();
  const id = useId();
  const [date, setDate] = useState(today());
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) return setProblem(i18n._(fieldErrorMessage('required')));
    const sure = await confirm({
      header: msg`Chiudere il piano?`,
      message: msg`Il piano «${pair.name}» non sarà più attivo. La chiusura non si può annullare.`,
      confirmLabel: msg`Chiudi il piano`,
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      await updatePair(pair.id, { action: 'close', closingDate: date, closingReason: reason });
      showToast('success', msg`Piano chiuso`);
      onDone();
    } catch (error) {
      const reply = errorReplyOf(error);
      // Everything typed stays; the reason of the refusal is said above the button.
      setProblem(
        `${t`Errore durante la chiusura del piano riabilitativo`}${reply ? `: ${i18n._(errorReplyMessage(reply))}` : ''}`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="pair-close"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field-grid">
        <label className="field" htmlFor={`${id}-date`}>
          <span>
            <Trans>Data di chiusura *</Trans>
          </span>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            max={today()}
            onChange={(e) => setDate(e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-reason`}>
          <span>
            <Trans>Motivo della chiusura *</Trans>
          </span>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={CLOSING_REASON_MAX}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      </div>
      {problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {problem}
        </p>
      )}
      <div className="pair-actions">
        <IonButton type="submit" color="danger" disabled={busy}>
          <Trans>Conferma la chiusura</Trans>
        </IonButton>
        <IonButton fill="clear" onClick={onCancel} disabled={busy}>
          <Trans>Annulla</Trans>
        </IonButton>
      </div>
    </form>
  );
}
