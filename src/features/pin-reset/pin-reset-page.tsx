import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import { errorReplyMessage, NETWORK_ERROR } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { PinResetCodeSent } from '../../contract';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { useStepFocus } from '../../ui/step-focus';
import { showToast } from '../../ui/toasts';
import { confirmPinReset, requestPinResetCode } from './api';
import '../../ui/forms.css';
import './pin-reset.css';

const SUCCESS = msg`Reset del PIN effettuato con successo`;

function messageOf(error: unknown): MessageDescriptor {
  const reply = errorReplyOf(error);
  return reply ? errorReplyMessage(reply) : NETWORK_ERROR;
}

/** Seconds until `at`, ticking every second while above zero. */
function useSecondsUntil(at: string | null): number {
  const left = (): number => (at ? Math.max(0, Math.ceil((Date.parse(at) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `at`, the only input.
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}

type Step =
  | { name: 'identify' }
  | { name: 'code'; sent: PinResetCodeSent }
  | { name: 'done'; sentTo: string };

/** `/pin-reset`: user id or fiscal code → security code by SMS → new PIN by SMS (spec section 5). */
export function PinResetPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const [identifier, setIdentifier] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const resendIn = useSecondsUntil(step.name === 'code' ? step.sent.resendAvailableAt : null);
  // Each step's heading takes the focus when the step changes (ui/step-focus.ts).
  const stepHeading = useStepFocus(step.name);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (): Promise<void> =>
    run(async () => {
      const sent = await requestPinResetCode(identifier.trim());
      setCode('');
      setStep({ name: 'code', sent });
    });

  function onIdentify(event: FormEvent): void {
    event.preventDefault();
    if (!identifier.trim()) setError(msg`Campo obbligatorio`);
    else void sendCode();
  }

  function onConfirm(event: FormEvent): void {
    event.preventDefault();
    if (!/^[A-Za-z0-9]{6}$/.test(code.trim())) {
      setError(msg`Il codice di sicurezza è di 6 caratteri`);
      return;
    }
    void run(async () => {
      const done = await confirmPinReset(identifier.trim(), code.trim());
      showToast('success', SUCCESS);
      setStep({ name: 'done', sentTo: done.sentTo });
    });
  }

  const alert = error && (
    <p id="pin-reset-error" className="pin-reset-alert" role="alert">
      {i18n._(error)}
    </p>
  );
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': 'pin-reset-error' } : {};

  return (
    // Logged out (arrived from the login page): a back button to the login instead of the menu.
    <PageLayout
      title={t`Reset del PIN`}
      withMenu={Boolean(user)}
      {...(user ? {} : { backTo: paths.login() })}
    >
      <section className="pin-reset">
        {step.name === 'identify' && (
          <form onSubmit={onIdentify} noValidate>
            <h2 className="pin-reset-step focus-heading" tabIndex={-1} ref={stepHeading}>
              <Trans>Passo 1 di 2 · Chi sei</Trans>
            </h2>
            <p>
              <Trans>
                Inserisci il tuo identificativo utente o il codice fiscale: ti invieremo via SMS un codice di
                sicurezza di 6 caratteri.
              </Trans>
            </p>
            <label className="field">
              <span>
                <Trans>Identificativo utente o codice fiscale</Trans> *
              </span>
              <input
                name="identifier"
                value={identifier}
                onChange={(event) => setIdentifier(event.target.value)}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                {...invalid}
              />
            </label>
            {alert}
            <IonButton type="submit" expand="block" disabled={busy}>
              <Trans>Invia il codice</Trans>
            </IonButton>
          </form>
        )}
        {step.name === 'code' && (
          <form onSubmit={onConfirm} noValidate>
            <h2 className="pin-reset-step focus-heading" tabIndex={-1} ref={stepHeading}>
              <Trans>Passo 2 di 2 · Il codice ricevuto</Trans>
            </h2>
            <p>
              <Trans>
                Ti abbiamo inviato un codice di sicurezza via SMS al numero {step.sent.sentTo}. Il codice vale
                10 minuti.
              </Trans>
            </p>
            <label className="field">
              <span>
                <Trans>Codice di sicurezza</Trans> *
              </span>
              <input
                name="code"
                className="pin-reset-code"
                value={code}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={6}
                required
                {...invalid}
              />
            </label>
            {alert}
            <IonButton type="submit" expand="block" disabled={busy}>
              <Trans>Conferma e ricevi il nuovo PIN</Trans>
            </IonButton>
            <IonButton
              fill="outline"
              expand="block"
              disabled={busy || resendIn > 0}
              onClick={() => void sendCode()}
            >
              {resendIn > 0 ? t`Nuovo codice tra ${resendIn} s` : t`Invia un nuovo codice`}
            </IonButton>
            <IonButton
              fill="clear"
              expand="block"
              onClick={() => {
                setError(null);
                setStep({ name: 'identify' });
              }}
            >
              <Trans>Cambia identificativo</Trans>
            </IonButton>
          </form>
        )}
        {step.name === 'done' && (
          <div className="pin-reset-done" role="status">
            <h2 className="focus-heading" tabIndex={-1} ref={stepHeading}>
              <Trans>Reset del PIN effettuato con successo</Trans>
            </h2>
            <p>
              <Trans>
                Il nuovo PIN ti è stato inviato via SMS al numero {step.sentTo}. Usalo per firmare.
              </Trans>
            </p>
            <IonButton expand="block" routerLink={user ? paths.home() : paths.login()} routerDirection="root">
              {user ? t`Torna alla home` : t`Accedi`}
            </IonButton>
          </div>
        )}
      </section>
    </PageLayout>
  );
}
