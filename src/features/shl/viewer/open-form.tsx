/**
 * Before a link opens: the recipient's name (the specification asks for it; the patient sees it in the
 * list of opens) and the passcode when the link has one, with the attempts left after a wrong one.
 */
import { IonButton } from '@ionic/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useState } from 'react';
import '../../../ui/forms.css';
import type { Credentials, Opening } from './use-opening';

type FormState = Extract<Opening, { kind: 'form' }>;

export function OpenForm({
  withPasscode,
  state,
  busy,
  initial,
  onOpen,
}: {
  withPasscode: boolean;
  state: FormState | null;
  busy: boolean;
  initial: Credentials | null;
  onOpen: (credentials: Credentials) => void;
}): JSX.Element {
  const { t } = useLingui();
  const [recipient, setRecipient] = useState(initial?.recipient ?? '');
  const [passcode, setPasscode] = useState('');
  const [missing, setMissing] = useState<{ recipient: boolean; passcode: boolean }>({
    recipient: false,
    passcode: false,
  });
  const wrong = state?.wrongPasscode ?? null;
  const remaining = wrong?.remainingAttempts ?? null;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const found = { recipient: !recipient.trim(), passcode: withPasscode && !passcode };
    setMissing(found);
    if (found.recipient || found.passcode) return;
    onOpen({ recipient, passcode: withPasscode ? passcode : '' });
  };

  const passcodeError = missing.passcode
    ? t`Inserisci il codice`
    : wrong
      ? remaining === null
        ? t`Codice sbagliato.`
        : t`Codice sbagliato. ${plural(remaining, { one: 'Resta # tentativo.', other: 'Restano # tentativi.' })}`
      : null;

  return (
    <form className="shl-open-form" noValidate onSubmit={submit}>
      <div className="shl-field">
        <label className="field" htmlFor="shl-recipient">
          <span>{t`Il tuo nome`}</span>
          <input
            id="shl-recipient"
            value={recipient}
            maxLength={200}
            autoComplete="name"
            aria-invalid={missing.recipient || undefined}
            aria-describedby={missing.recipient ? 'shl-recipient-error' : 'shl-recipient-hint'}
            onChange={(event) => setRecipient(event.target.value)}
          />
        </label>
        {missing.recipient && (
          <p className="field-error" id="shl-recipient-error">
            {t`Inserisci il tuo nome`}
          </p>
        )}
        <p className="shl-hint" id="shl-recipient-hint">
          {t`Chi ha condiviso il link vedrà che lo hai aperto tu.`}
        </p>
      </div>
      {withPasscode && (
        <div className="shl-field">
          <label className="field" htmlFor="shl-passcode-input">
            <span>{t`Codice di accesso`}</span>
            <input
              id="shl-passcode-input"
              value={passcode}
              maxLength={200}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={passcodeError ? true : undefined}
              aria-describedby={passcodeError ? 'shl-passcode-error' : 'shl-passcode-hint'}
              onChange={(event) => setPasscode(event.target.value)}
            />
          </label>
          {passcodeError && (
            <p className="field-error" id="shl-passcode-error" role="alert">
              {passcodeError}
            </p>
          )}
          <p className="shl-hint" id="shl-passcode-hint">
            {t`Il codice non è nel link: te lo ha comunicato a parte chi lo ha condiviso.`}
          </p>
        </div>
      )}
      {state?.failed && (
        <p className="field-error" role="alert">
          <Trans>Impossibile aprire il link in questo momento. Controlla la connessione e riprova.</Trans>
        </p>
      )}
      <IonButton type="submit" expand="block" disabled={busy}>
        {busy ? <Trans>Apertura in corso…</Trans> : <Trans>Apri</Trans>}
      </IonButton>
    </form>
  );
}
