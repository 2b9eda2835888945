/** PIN and SMS-code steps. Neither value is ever stored: both live in the wizard's memory only. */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../routing/paths';
import '../ui/forms.css';
import { SecretField } from './secret-field';
import { useCountdown } from './use-countdown';

export function PinStep({
  pin,
  onPin,
  error,
}: {
  pin: string;
  onPin: (pin: string) => void;
  error: MessageDescriptor | null;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <>
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
        autoFocus
      />
      <div className="wizard-links">
        <Link to={paths.pinReset()}>
          <Trans>PIN dimenticato?</Trans>
        </Link>
      </div>
    </>
  );
}

export function CodeStep({
  sentTo,
  toPatient,
  resendAvailableAt,
  code,
  onCode,
  codeError,
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
  /** The PIN is not in memory (the page was reloaded): ask it again here. */
  needsPin: boolean;
  pin: string;
  onPin: (pin: string) => void;
  pinError: MessageDescriptor | null;
  onResend: () => void;
  resending: boolean;
  notice: string | null;
}): JSX.Element {
  const { t } = useLingui();
  const wait = useCountdown(resendAvailableAt);
  return (
    <>
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
        autoFocus={!needsPin}
      />
      <div className="wizard-links">
        <button type="button" className="link-button" disabled={wait > 0 || resending} onClick={onResend}>
          {wait > 0 ? t`Invia di nuovo il codice (${wait} s)` : t`Invia di nuovo il codice`}
        </button>
      </div>
      {notice && (
        <p className="wizard-hint" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
