/**
 * A patient's invitation to a project: what it is, its details, accept (the signature of the project
 * consent) or refuse (after a confirmation). Staff see the plain consent card instead.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { mailOpenOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Consent } from '../../contract/consents';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import '../../ui/record-card.css';

/** An invitation the patient is asked to answer. */
export function isProjectInvitation(consent: Consent): consent is Consent & { projectId: number } {
  return consent.category === 'PROJECT' && consent.statusCode === 'INVITE' && consent.projectId !== null;
}

export function InvitationCard({
  consent,
  busy,
  onAccept,
  onRefuse,
}: {
  consent: Consent & { projectId: number };
  busy: boolean;
  onAccept: (consent: Consent) => void;
  onRefuse: (consent: Consent) => void;
}): JSX.Element {
  const { t } = useLingui();
  const format = useDateFormat();
  const name = consent.project?.name ?? consent.desc;
  const titleId = `invitation-${consent.id}`;
  const invited = consent.projectAction?.kind === 'INVITED' ? consent.projectAction : null;
  const day = invited ? format.date(invited.at) : '';
  const by = invited?.by ?? null;
  return (
    <article className="record-card consent-card invitation-card" aria-labelledby={titleId}>
      <header className="record-card-header consent-card-header">
        <IonIcon icon={mailOpenOutline} aria-hidden="true" className="invitation-icon" />
        <h3 id={titleId}>
          <Trans>Invito al progetto {name}</Trans>
        </h3>
      </header>
      {invited && (
        <p className="record-card-meta invitation-from">
          {by ? t`Invito da ${by}, ${day}` : t`Invito del ${day}`}
        </p>
      )}
      <p className="record-card-meta">{consent.desc}</p>
      {!consent.canGive && (
        <p className="consent-note">
          <Trans>Per questo consenso rivolgiti al tuo medico.</Trans>
        </p>
      )}
      <div className="consent-actions">
        {consent.canGive && consent.patientCollectable && (
          <IonButton onClick={() => onAccept(consent)} disabled={busy}>
            <Trans>Accetta e firma</Trans>
          </IonButton>
        )}
        <IonButton color="danger" fill="outline" onClick={() => onRefuse(consent)} disabled={busy}>
          <Trans>Rifiuta</Trans>
        </IonButton>
        <IonButton
          fill="clear"
          routerLink={paths.projectDetails(consent.projectId)}
          aria-label={t`Dettagli del progetto ${name}`}
        >
          <Trans>Dettagli</Trans>
        </IonButton>
      </div>
    </article>
  );
}
