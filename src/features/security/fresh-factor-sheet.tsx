import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { errorReplyMessage, NETWORK_ERROR } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { StepUpMethod, StepUpProof } from '../../contract';
import { SecretField } from '../../signing/secret-field';
import { useCountdown } from '../../signing/use-countdown';
import { Sheet } from '../../ui/sheet';
import { useStepUpCode } from './use-step-up-code';
import '../../ui/forms.css';
import './security.css';

const CODE_LENGTH = 6;
const CODE_FIELD_ID = 'fresh-factor-code';
/** Refusals after which the code typed cannot work any more: a new one is needed. */
const CODE_SPENT = new Set(['OTP_TOO_MANY_ATTEMPTS', 'OTP_EXPIRED']);

export interface FreshFactorSheetProps {
  open: boolean;
  /** The account's methods (`GET /security`): staff prove with the authenticator, the others by SMS. */
  methods: readonly StepUpMethod[];
  /** The phone on record, masked. */
  phone: string | null;
  /** The sheet's title: what the proof confirms ("Cambia password"). */
  title: ReactNode;
  /** The confirm button's label. */
  confirmLabel: ReactNode;
  onCancel: () => void;
  /**
   * Makes the change with the proof. Rejecting shows the refusal here (a wrong code); a refusal that
   * concerns the caller's own form is the caller's to show (it closes the sheet and resolves).
   */
  onProof: (proof: StepUpProof) => Promise<void>;
}

/**
 * A fresh second factor, asked just before a change on the account security page: one `one-time-code`
 * field, the code sent by SMS when the sheet opens (patients, guests) or read from the authenticator app
 * (staff). A passkey will be another method offered here. The heading takes the focus once shown.
 */
export function FreshFactorSheet(props: FreshFactorSheetProps): JSX.Element | null {
  const { open, methods, phone, onCancel, onProof } = props;
  const { t } = useLingui();
  // The code methods; a passkey is offered by the screens that take one (the passkeys page).
  const method: Extract<StepUpMethod, 'totp' | 'sms'> = methods.includes('totp') ? 'totp' : 'sms';
  const sms = useStepUpCode(phone);
  const resendIn = useCountdown(sms.sent?.resendAvailableAt ?? null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts with an empty field; an SMS is sent unless a code sent earlier is still good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening triggers it
  useEffect(() => {
    if (!open) return;
    setCode('');
    setError(null);
    setBusy(false);
    if (method === 'sms' && sms.needsCode()) void sms.send();
  }, [open]);

  const refuse = (reason: MessageDescriptor): void => {
    setError(reason);
    setCode('');
    document.getElementById(CODE_FIELD_ID)?.focus();
  };

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (code.length !== CODE_LENGTH) {
      refuse(msg`Inserisci le 6 cifre del codice`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onProof({ method, code });
      if (method === 'sms') sms.forget();
      setBusy(false);
    } catch (failure) {
      setBusy(false);
      const reply = errorReplyOf(failure);
      if (method === 'sms' && reply && (CODE_SPENT.has(reply.code) || reply.status === 409)) sms.forget();
      refuse(reply ? errorReplyMessage(reply) : NETWORK_ERROR);
    }
  }

  const fieldError = error ?? (method === 'sms' ? sms.error : null);
  const sentTo = sms.sent?.sentTo || phone || '';
  return (
    <Sheet
      open={open}
      focusOnShow={heading}
      onClose={onCancel}
      closeDisabled={busy}
      className="fresh-factor"
      title={props.title}
    >
      <form className="fresh-factor-form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 ref={heading} tabIndex={-1}>
          {method === 'totp' ? (
            <Trans>Conferma con l'app di autenticazione</Trans>
          ) : (
            <Trans>Conferma con il codice via SMS</Trans>
          )}
        </h2>
        <p aria-live="polite">
          {method === 'totp' && (
            <Trans>Inserisci il codice di 6 cifre che l'app di autenticazione mostra ora.</Trans>
          )}
          {method === 'sms' && sms.sending && <Trans>Invio del codice in corso…</Trans>}
          {method === 'sms' && !sms.sending && sms.sent && (
            <Trans>Abbiamo inviato un codice di 6 cifre via SMS al numero {sentTo}. Vale 10 minuti.</Trans>
          )}
        </p>
        <SecretField
          id={CODE_FIELD_ID}
          label={method === 'totp' ? t`Codice dell'app di autenticazione` : t`Codice ricevuto via SMS`}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          error={fieldError}
          masked={false}
          maxLength={CODE_LENGTH}
          autoComplete="one-time-code"
        />
        <IonButton type="submit" expand="block" disabled={busy || (method === 'sms' && sms.sending)}>
          {busy ? <Trans>Verifica in corso…</Trans> : props.confirmLabel}
        </IonButton>
        {method === 'sms' && (
          <IonButton
            fill="outline"
            expand="block"
            disabled={busy || sms.sending || resendIn > 0}
            onClick={() => {
              setError(null);
              void sms.send();
            }}
          >
            {resendIn > 0 ? t`Nuovo codice tra ${resendIn} s` : t`Invia un nuovo codice`}
          </IonButton>
        )}
      </form>
    </Sheet>
  );
}
