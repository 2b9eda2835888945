/** PIN and SMS-code steps. Neither value is ever stored: both live in the wizard's memory only. */

import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../routing/paths';
import '../ui/forms.css';
import { SecretField } from './secret-field';
import { useCountdown } from './use-countdown';

/**
 * A real form, so Enter in a field does the step's action. The hidden submit button makes Enter submit even
 * with two fields; the visible button is the wizard's primary one. Fields are checked by the wizard (noValidate).
 */
function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }): JSX.Element {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="wizard-form" noValidate onSubmit={submit}>
      {children}
      <button type="submit" hidden tabIndex={-1} />
    </form>
  );
}

export function PinStep({
  pin,
  onPin,
  error,
  onSubmit,
}: {
  pin: string;
  onPin: (pin: string) => void;
  error: MessageDescriptor | null;
  onSubmit: () => void;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <StepForm onSubmit={onSubmit}>
      <p className="wizard-hint">
        <Trans>Inserisci il PIN di firma: riceverai poi un codice via SMS.</Trans>
      </p>
      <SecretField
        id="signing-pin"
        label={t`PIN`}
        value={pin}
        onChange={onPin}
        error={error}
        masked
        maxLength={8}
        autoComplete="off"
      />
      <div className="wizard-links">
        <Link to={paths.pinReset()}>
          <Trans>PIN dimenticato?</Trans>
        </Link>
      </div>
    </StepForm>
  );
}

export function CodeStep({
  sentTo,
  toPatient,
  resendAvailableAt,
  code,
  onCode,
  codeError,
  codeNext,
  onSubmit,
  needsPin,
  pin,
  onPin,
  pinError,
  onResend,
  resending,
  notice,
}: {
  sentTo: string;
  /** The code went to the patient's phone: staff collect the patient's consent, the patient dictates it. */
  toPatient: boolean;
  resendAvailableAt: string | null;
  code: string;
  onCode: (code: string) => void;
  codeError: MessageDescriptor | null;
  /** What to do about a refused code: type it again, or ask for a new one. */
  codeNext: MessageDescriptor | null;
  onSubmit: () => void;
  /** The PIN is not in memory (the page was reloaded): ask it again here. */
  needsPin: boolean;
  pin: string;
  onPin: (pin: string) => void;
  pinError: MessageDescriptor | null;
  onResend: () => void;
  resending: boolean;
  notice: string | null;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const wait = useCountdown(resendAvailableAt);
  const resendLabel = wait > 0 ? t`Invia di nuovo il codice (${wait} s)` : t`Invia di nuovo il codice`;
  return (
    <StepForm onSubmit={onSubmit}>
      <p className="wizard-hint">
        {toPatient ? (
          <Trans>
            Abbiamo inviato un codice di 6 cifre via SMS al cellulare del paziente ({sentTo}). Chiedi al
            paziente di dettartelo: è la sua conferma del consenso.
          </Trans>
        ) : (
          <Trans>Abbiamo inviato un codice di 6 cifre via SMS al numero {sentTo}.</Trans>
        )}
      </p>
      {needsPin && (
        <>
          <p className="wizard-hint">
            <Trans>Per sicurezza il PIN non viene conservato: inseriscilo di nuovo.</Trans>
          </p>
          <SecretField
            id="signing-pin"
            label={t`PIN`}
            value={pin}
            onChange={onPin}
            error={pinError}
            masked
            maxLength={8}
            autoComplete="off"
          />
        </>
      )}
      <SecretField
        id="signing-code"
        label={toPatient ? t`Codice ricevuto dal paziente via SMS` : t`Codice ricevuto via SMS`}
        value={code}
        onChange={onCode}
        error={codeError}
        masked={false}
        maxLength={6}
        autoComplete="one-time-code"
      />
      {codeNext && <p className="wizard-next">{i18n._(codeNext)}</p>}
      <div className="wizard-links">
        {/* After a refused code the new-code action stands out: it is what to do next. */}
        <IonButton
          fill={codeNext ? 'solid' : 'outline'}
          color="primary"
          className="wizard-resend"
          disabled={wait > 0 || resending}
          onClick={onResend}
        >
          {resendLabel}
        </IonButton>
      </div>
      {notice && (
        <p className="wizard-hint" role="status">
          {notice}
        </p>
      )}
    </StepForm>
  );
}
