import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import type { ConsentContext } from '../../session/session-atoms';
import { logout } from '../../session/sign-out';

/**
 * A 403 on `/me` with code 0 or 2 whose reply names no patient: the signing screens need the patient, so
 * this page explains and offers logout. With a patient, `/postAuth` goes to signNewConsents or
 * signFeaConsents instead.
 */
export function ConsentRequiredNotice({ context }: { context: ConsentContext }): JSX.Element {
  const { t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const name = context.patient ? `${context.patient.name} ${context.patient.surname}` : null;
  const message =
    context.code === 2
      ? t`Per continuare è necessario firmare il consenso al dossier con firma elettronica avanzata.`
      : t`Per continuare è necessario firmare il consenso al dossier sanitario elettronico.`;

  const leave = (): void => {
    setLeaving(true);
    void logout();
  };

  return (
    <section className="state-view" aria-labelledby="consent-required-title">
      <h1 id="consent-required-title">
        <Trans>Consenso al dossier richiesto</Trans>
      </h1>
      {name && (
        <p>
          <Trans>Paziente: {name}</Trans>
        </p>
      )}
      <p>{message}</p>
      <p>
        <Trans>Non è stato possibile avviare la firma del consenso: rivolgiti al tuo medico.</Trans>
      </p>
      <IonButton onClick={leave} disabled={leaving}>
        <Trans>Esci</Trans>
      </IonButton>
    </section>
  );
}
