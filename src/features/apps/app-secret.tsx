/** A confidential app's secret, just made: shown this once, to copy into the app's server. */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { copyOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useRef } from 'react';
import type { AppRegistered } from '../../contract/apps';
import { useStepFocus } from '../../ui/step-focus';
import { showToast } from '../../ui/toasts';

export function AppSecret({
  registered,
  onDone,
}: {
  registered: AppRegistered;
  onDone: () => void;
}): JSX.Element {
  const field = useRef<HTMLInputElement | null>(null);
  const heading = useStepFocus<HTMLHeadingElement>(registered.app.clientId, true);
  const name = registered.app.name;
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(registered.clientSecret ?? '');
      showToast('success', msg`Segreto copiato`);
    } catch {
      // No clipboard: the secret is selected, to copy by hand.
      field.current?.focus();
      field.current?.select();
    }
  };
  return (
    <section className="apps-secret" aria-labelledby="apps-secret-title">
      <h2 id="apps-secret-title" ref={heading} tabIndex={-1} className="focus-heading">
        <Trans>{name} è registrata</Trans>
      </h2>
      <p>
        <Trans>Identificativo del client:</Trans> <code>{registered.app.clientId}</code>
      </p>
      {registered.clientSecret && (
        <>
          <p className="apps-warning" role="note">
            <Trans>
              Copia ora il segreto: non verrà più mostrato. Se lo perdi, disattiva l'app e registrala di
              nuovo.
            </Trans>
          </p>
          <label className="field" htmlFor="apps-secret-value">
            <span>
              <Trans>Segreto del client</Trans>
            </span>
            <input
              id="apps-secret-value"
              ref={field}
              readOnly
              value={registered.clientSecret}
              spellCheck={false}
            />
          </label>
          <IonButton onClick={() => void copy()}>
            <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
            <Trans>Copia il segreto</Trans>
          </IonButton>
        </>
      )}
      <IonButton fill="outline" onClick={onDone}>
        <Trans>Fatto</Trans>
      </IonButton>
    </section>
  );
}
