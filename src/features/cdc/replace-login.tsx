import { IonButton } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import './replace-login.css';

/**
 * Asked when a launch arrives in a browser that holds a login: the launch would replace it.
 * `current` is who is signed in here (null when the stored profile is not known), `next` who the launch
 * logs in. Nothing is replaced until "Continue".
 */
export function ReplaceLoginQuestion({
  current,
  next,
  onContinue,
  onCancel,
}: {
  current: string | null;
  next: string;
  onContinue: () => void;
  onCancel: () => void;
}): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="state-view" aria-labelledby="replace-login-title">
      <h1 id="replace-login-title" ref={heading} tabIndex={-1}>
        {current ? <Trans>Sei connesso come {current}</Trans> : <Trans>Sei già connesso al portale</Trans>}
      </h1>
      <p>
        <Trans>
          Un'altra applicazione apre il portale come {next}. Continuare come {next}? L'accesso attuale verrà
          chiuso.
        </Trans>
      </p>
      <div className="replace-login-actions">
        <IonButton expand="block" onClick={onContinue}>
          <Trans>Continua come {next}</Trans>
        </IonButton>
        <IonButton expand="block" fill="outline" onClick={onCancel}>
          <Trans>Annulla</Trans>
        </IonButton>
      </div>
    </section>
  );
}
