import { IonContent, IonPage } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CDC_ERROR_MESSAGE } from '../../api/error-messages';
import { readStoredUser } from '../../auth/stored-user';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { logout } from '../../session/sign-out';
import { LoadingState } from '../../ui/state-views';
import { CDC_ERROR_LOGOUT_DELAY_MS, type Launch, launchOf, openLaunch, previewLaunch } from './launch';
import { ReplaceLoginQuestion } from './replace-login';

/** A launch waiting for the answer to "continue as …?", and who it logs in. */
interface Question {
  launch: Launch;
  next: string;
}

/**
 * `/cdc/discovery?token=` and `/mecdc?id=` (no login check): "Apertura del fascicolo…" while the launch
 * becomes a login, then `/postAuth` loads the profile and goes to the launcher's page. A browser that
 * holds a login is asked first, naming both people (the launch is only looked at, not used, until then);
 * cancelling keeps that login. A refused launch shows the catalogue's error and logs out after 2 seconds
 * (spec 2 and 8).
 */
export function CdcLaunchPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(currentUserAtom);
  const [failed, setFailed] = useState(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // StrictMode runs the effect twice, and Ionic keeps the page mounted under the next one: one try per address.
  const tried = useRef<string | null>(null);
  const here =
    location.pathname === paths.cdcDiscovery('').split('?')[0] ||
    location.pathname === paths.mecdc('').split('?')[0];

  const fail = (): void => {
    setQuestion(null);
    setFailed(true);
    // Not cleared on unmount: the logout must follow the error even if the page is left.
    window.setTimeout(() => void logout(), CDC_ERROR_LOGOUT_DELAY_MS);
  };
  const go = (launch: Launch): void => {
    setQuestion(null);
    openLaunch(launch).then(
      (target) => navigate(paths.postAuth(), { replace: true, state: { returnPath: target } }),
      fail,
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` and `fail` only set state and navigate
  useEffect(() => {
    const address = `${location.pathname}${location.search}`;
    if (!here || tried.current === address) return;
    tried.current = address;
    const launch = launchOf(location.pathname, location.search);
    if (!launch) fail();
    else if (!readStoredUser()) go(launch);
    else previewLaunch(launch).then(({ displayName }) => setQuestion({ launch, next: displayName }), fail);
  }, [here, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);

  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="center-panel">
          {failed ? (
            <div className="state-view" role="alert">
              <h1 ref={heading} tabIndex={-1}>
                {i18n._(CDC_ERROR_MESSAGE)}
              </h1>
              <p>{t`Uscita in corso…`}</p>
            </div>
          ) : question ? (
            <ReplaceLoginQuestion
              current={user?.displayName ?? null}
              next={question.next}
              onContinue={() => go(question.launch)}
              onCancel={() => navigate(paths.postAuth(), { replace: true })}
            />
          ) : (
            <LoadingState label={t`Apertura del fascicolo…`} />
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
