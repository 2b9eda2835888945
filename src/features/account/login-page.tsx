import { IonButton, IonContent, IonPage } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isInternalPath, startLogin } from '../../auth/session';
import { LoadingState } from '../../ui/state-views';

interface LoginLocationState {
  returnPath?: string;
}

let started = false; // StrictMode mounts twice; one redirect is enough

/** `/login`: hands over to the identity provider, keeping the path to come back to. */
export function LoginPage(): JSX.Element {
  const { t } = useLingui();
  const location = useLocation();
  const state = location.state as LoginLocationState | null;
  const returnPath = isInternalPath(state?.returnPath) ? state?.returnPath : undefined;
  const [failed, setFailed] = useState(false);

  const login = useCallback((): void => {
    setFailed(false);
    startLogin(returnPath).catch(() => {
      started = false;
      setFailed(true);
    });
  }, [returnPath]);

  useEffect(() => {
    if (started) return;
    started = true;
    login();
  }, [login]);

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="center-panel">
          {failed ? (
            <div role="alert" className="state-view">
              <h1>
                <Trans>Servizio di accesso non raggiungibile</Trans>
              </h1>
              <p>
                <Trans>Non è stato possibile aprire la pagina di accesso. Riprova tra qualche istante.</Trans>
              </p>
              <IonButton onClick={login}>
                <Trans>Accedi</Trans>
              </IonButton>
            </div>
          ) : (
            <LoadingState label={t`Apertura della pagina di accesso…`} />
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
