/**
 * `/security/authenticator` ("App di autenticazione", staff only): the current code,
 * then a new key as a QR code and as text, which replaces the old key only once its first code is right.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { errorReplyMessage, NETWORK_ERROR } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import { useLoader } from '../../api/use-loader';
import type { AuthenticatorPending } from '../../contract';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { useStepFocus } from '../../ui/step-focus';
import { confirmReenrolment, fetchAuthenticatorStatus, startReenrolment } from './authenticator-api';
import { AuthenticatorCodeForm } from './authenticator-code-form';
import { NewKey } from './authenticator-new-key';
import '../../ui/forms.css';
import './authenticator.css';

type Step = { name: 'current' } | { name: 'scan'; pending: AuthenticatorPending } | { name: 'done' };

function messageOf(error: unknown): MessageDescriptor {
  const reply = errorReplyOf(error);
  return reply ? errorReplyMessage(reply) : NETWORK_ERROR;
}

export function AuthenticatorPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const { state, reload } = useLoader(fetchAuthenticatorStatus);
  const [step, setStep] = useState<Step>({ name: 'current' });
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useStepFocus(step.name);

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

  const since =
    state.status === 'ready' && state.value.enrolledAt
      ? i18n.date(state.value.enrolledAt, { dateStyle: 'long' })
      : null;

  return (
    <PageLayout title={t`App di autenticazione`}>
      <section className="authenticator">
        <LoadedView state={state} onRetry={reload}>
          {() =>
            step.name === 'current' && (
              <AuthenticatorCodeForm
                id="current-code"
                label={t`Codice attuale dell'app`}
                submit={t`Continua`}
                busy={busy}
                error={error}
                onCode={(code) =>
                  void run(async () => setStep({ name: 'scan', pending: await startReenrolment(code) }))
                }
              >
                <h2 className="authenticator-step focus-heading" tabIndex={-1} ref={heading}>
                  <Trans>Passo 1 di 2 · Conferma che sei tu</Trans>
                </h2>
                {since && (
                  <p>
                    <Trans>L'app di autenticazione è attiva dal {since}.</Trans>
                  </p>
                )}
                <p>
                  <Trans>
                    Per usare un nuovo telefono o un'altra app configura una nuova chiave. Inserisci prima il
                    codice che l'app mostra ora: la chiave attuale resta valida finché la nuova non è
                    confermata.
                  </Trans>
                </p>
              </AuthenticatorCodeForm>
            )
          }
        </LoadedView>
        {step.name === 'scan' && (
          <AuthenticatorCodeForm
            id="new-code"
            label={t`Codice mostrato per la nuova chiave`}
            submit={t`Conferma la nuova chiave`}
            busy={busy}
            error={error}
            onCode={(code) =>
              void run(async () => {
                await confirmReenrolment(code);
                setStep({ name: 'done' });
              })
            }
          >
            <h2 className="authenticator-step focus-heading" tabIndex={-1} ref={heading}>
              <Trans>Passo 2 di 2 · Aggiungi la nuova chiave</Trans>
            </h2>
            <NewKey pending={step.pending} />
          </AuthenticatorCodeForm>
        )}
        {step.name === 'done' && (
          <div className="authenticator-done" role="status">
            <h2 className="focus-heading" tabIndex={-1} ref={heading}>
              <Trans>Nuova chiave attiva</Trans>
            </h2>
            <p>
              <Trans>
                Da ora accedi con i codici della nuova chiave. Nell'app puoi eliminare la voce precedente del
                Dossier: non vale più.
              </Trans>
            </p>
            <IonButton expand="block" routerLink={paths.home()}>
              <Trans>Torna alla home</Trans>
            </IonButton>
          </div>
        )}
      </section>
    </PageLayout>
  );
}
