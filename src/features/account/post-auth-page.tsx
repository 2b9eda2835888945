import { IonButton, IonContent, IonPage } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { logout } from '../../session/sign-out';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { ConsentRequiredNotice } from './consent-required-notice';
import type { PostAuthOutcome } from './post-auth-flow';
import { runPostAuth } from './post-auth-flow';

interface PostAuthLocationState {
  returnPath?: string;
}

/** `/postAuth`: the landing after login and the place where the profile is (re)loaded. */
export function PostAuthPage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const keptTarget = (location.state as PostAuthLocationState | null)?.returnPath;
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<PostAuthOutcome | null>(null);
  const href = new URL(`${location.pathname}${location.search}`, window.location.origin).href;
  // StrictMode runs the effect twice on the same instance: the second run reuses the first one's flow.
  const flow = useRef<{ key: string; run: Promise<PostAuthOutcome> } | null>(null);

  // Ionic's outlet keeps this page mounted under the next one, so it sees later locations too: running
  // the flow again there would reload the profile and replace wherever the user has tapped to since.
  const here = location.pathname === paths.postAuth();

  useEffect(() => {
    if (!here) return;
    let active = true;
    const key = `${attempt}|${location.key}|${href}`;
    if (flow.current?.key !== key) flow.current = { key, run: runPostAuth(href, keptTarget) };
    setOutcome(null);
    void flow.current.run.then((result) => {
      if (!active) return;
      if (result.kind === 'navigate') navigate(result.to, { replace: true });
      else if (result.kind === 'login')
        navigate(paths.login(), { replace: true, state: { returnPath: keptTarget } });
      else {
        if (result.kind === 'logout') void logout();
        setOutcome(result);
      }
    });
    return () => {
      active = false;
    };
  }, [here, href, location.key, attempt, keptTarget, navigate]);

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="center-panel">
          {outcome === null && <LoadingState label={t`Caricamento del profilo…`} />}
          {outcome?.kind === 'logout' && <LoadingState label={t`Uscita in corso…`} />}
          {outcome?.kind === 'consent' && <ConsentRequiredNotice context={outcome.context} />}
          {outcome?.kind === 'error' && outcome.stage === 'profile' && (
            <ErrorState onRetry={() => setAttempt((n) => n + 1)}>
              <p>
                <Trans>Non è stato possibile caricare il tuo profilo.</Trans>
              </p>
            </ErrorState>
          )}
          {outcome?.kind === 'error' && outcome.stage === 'signin' && (
            <div className="state-view" role="alert">
              <h1>
                <Trans>Accesso non completato</Trans>
              </h1>
              <p>
                <Trans>La risposta del servizio di accesso non è valida o è scaduta.</Trans>
              </p>
              <IonButton onClick={() => navigate(paths.login(), { replace: true })}>
                <Trans>Accedi di nuovo</Trans>
              </IonButton>
            </div>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
