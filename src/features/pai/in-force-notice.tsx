/**
 * Why an ACTIVE plan is not in force: its patient is only invited to the plan's project, or no
 * longer takes part. The patient is told what to do (join from the consents); staff and guests, why.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import { hourglassOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import type { Pai } from '../../contract/pai';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';

export function InForceNotice({ plan }: { plan: Pai }): JSX.Element | null {
  const user = useAtomValue(currentUserAtom);
  if (plan.status !== 'ACTIVE' || plan.participation === 'participating') return null;
  const own = user?.userType === 'PAT' && user.patientId === plan.patientId;
  const project = plan.project.name;
  const invited = plan.participation === 'invited';
  return (
    <section className="pai-notice" aria-labelledby="pai-notice-title">
      <IonIcon icon={hourglassOutline} aria-hidden="true" className="pai-notice-icon" />
      <div>
        <h2 id="pai-notice-title">
          {!invited ? (
            <Trans>Piano non in vigore</Trans>
          ) : own ? (
            <Trans>In attesa della tua adesione al progetto</Trans>
          ) : (
            <Trans>In attesa dell'adesione del paziente al progetto</Trans>
          )}
        </h2>
        <p>
          {own && invited ? (
            <Trans>
              Questo piano entra in vigore quando aderisci al progetto «{project}». Fino ad allora puoi
              leggerlo, ma non segnare le attività come svolte.
            </Trans>
          ) : own ? (
            <Trans>Non partecipi al progetto «{project}»: questo piano non si applica a te.</Trans>
          ) : invited ? (
            <Trans>
              Il paziente è invitato al progetto «{project}» ma non ha ancora aderito: il piano entra in
              vigore con la sua adesione.
            </Trans>
          ) : (
            <Trans>Il paziente non partecipa al progetto «{project}»: il piano non si applica.</Trans>
          )}
        </p>
        {own && invited && (
          <IonButton fill="outline" routerLink={paths.consents(plan.patientId)}>
            <Trans>Vai all'invito</Trans>
          </IonButton>
        )}
      </div>
    </section>
  );
}
