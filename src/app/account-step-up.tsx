import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorReplyMessage, NETWORK_ERROR } from '../api/error-messages';
import { errorReplyOf } from '../api/error-report';
import type { Account, StepUpProof } from '../contract/accounts';
import { SecretField } from '../signing/secret-field';
import { Sheet } from '../ui/sheet';
import '../ui/forms.css';
import './account-step-up.css';

const CODE_LENGTH = 6;
const CODE_FIELD_ID = 'step-up-code';

function messageOf(error: unknown): MessageDescriptor {
  const reply = errorReplyOf(error);
  return reply ? errorReplyMessage(reply) : NETWORK_ERROR;
}

export interface StepUpRequest {
  account: Account;
  /** "Medico": the role line the menu shows. */
  role: string;
}

/**
 * The step-up before a switch into a staff account: the authenticator's 6-digit code, typed here, sent with
 * the switch (one request: the server checks the code against that account's own factor, once). A wrong
 * code keeps the step open with the reason under the field. A passkey will be a second method: the
 * account lists its methods (`stepUp`), and this step will then offer a choice.
 *
 * Drawn on `ion-app`, outside the side menu that opened it, so the menu's own layout does not hold it.
 */
export function AccountStepUp({
  request,
  onCancel,
  onSubmit,
}: {
  request: StepUpRequest | null;
  onCancel: () => void;
  /** Switches with the proof; rejects with the server's refusal. */
  onSubmit: (account: Account, proof: StepUpProof) => Promise<void>;
}): JSX.Element | null {
  const { t } = useLingui();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const open = request !== null;

  // A new request starts clean.
  useEffect(() => {
    if (!open) return;
    setCode('');
    setError(null);
    setBusy(false);
  }, [open]);

  const host = typeof document !== 'undefined' ? document.querySelector('ion-app') : null;
  if (!host) return null;

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!request || busy) return;
    if (code.length !== CODE_LENGTH) {
      setError(msg`Inserisci le 6 cifre del codice`);
      document.getElementById(CODE_FIELD_ID)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      // On success the portal reloads on the new account: this step stays busy until then.
      await onSubmit(request.account, { method: 'totp', code });
    } catch (failure) {
      setBusy(false);
      setCode('');
      setError(messageOf(failure));
      document.getElementById(CODE_FIELD_ID)?.focus();
    }
  }

  const name = request?.account.displayName ?? '';
  const role = request?.role ?? '';
  return createPortal(
    <Sheet
      open={open}
      focusOnShow={heading}
      onClose={onCancel}
      closeDisabled={busy}
      className="account-step-up"
      title={<Trans>Cambia profilo</Trans>}
    >
      <form className="account-step-up-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          <Trans>Conferma con l'app di autenticazione</Trans>
        </h2>
        <p>
          <Trans>
            Per passare al profilo {name} ({role}) inserisci il codice di 6 cifre che l'app di autenticazione
            mostra ora.
          </Trans>
        </p>
        <SecretField
          id={CODE_FIELD_ID}
          label={t`Codice dell'app di autenticazione`}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          error={error}
          masked={false}
          maxLength={CODE_LENGTH}
          autoComplete="one-time-code"
        />
        <IonButton type="submit" expand="block" disabled={busy}>
          {busy ? <Trans>Verifica in corso…</Trans> : <Trans>Conferma e cambia profilo</Trans>}
        </IonButton>
      </form>
    </Sheet>,
    host,
  );
}
