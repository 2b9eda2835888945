/** One consent: title, state chip, expired flag, dates, and the actions the server allows. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Consent } from '../../contract/consents';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { SignedDocument } from '../../signing/step-result';
import { consentLook } from './consent-labels';
import { ProjectEndNote } from './project-end-note';
import '../../ui/record-card.css';

export function ConsentCard({
  consent,
  isPatient,
  onGive,
  onRevoke,
}: {
  consent: Consent;
  isPatient: boolean;
  onGive: (consent: Consent) => void;
  onRevoke: (consent: Consent) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const look = consentLook(consent);
  const endedByProject = consent.projectAction !== null && consent.projectAction.kind !== 'INVITED';
  const patientBlocked = isPatient && !consent.patientCollectable;
  const titleId = `consent-${consent.id}`;
  // A patient reads the details of a project they take part in (the server shows no other).
  const showsProject = isPatient && consent.statusCode === 'GIVEN' && !consent.expired;
  return (
    <article className="record-card consent-card" aria-labelledby={titleId}>
      <header className="record-card-header consent-card-header">
        <h3 id={titleId}>{consent.desc}</h3>
        <div className="consent-chips">
          <span className={`consent-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
          {consent.expired && (
            <span className="consent-chip tone-danger">
              <Trans>Scaduto</Trans>
            </span>
          )}
        </div>
      </header>
      {consent.project && !consent.desc.includes(consent.project.name) && (
        <p className="record-card-meta">{consent.project.name}</p>
      )}
      <p className="record-card-meta">
        {consent.signedAt && consent.statusCode === 'GIVEN' && (
          <span>{t`Firmato il ${format.date(consent.signedAt)}`}</span>
        )}
        {consent.revokedAt && !endedByProject && (
          <span>{t`Revocato il ${format.date(consent.revokedAt)}`}</span>
        )}
        {consent.expiresAt && <span>{t`Scade il ${format.date(consent.expiresAt)}`}</span>}
        {consent.medium && <span>{consent.medium === 'paper' ? t`Cartaceo` : t`Digitale`}</span>}
      </p>
      {endedByProject && consent.projectAction && (
        <ProjectEndNote action={consent.projectAction} isPatient={isPatient} />
      )}
      {!consent.canModify && (
        <p className="consent-note">
          <Trans>Non è più possibile modificare questo consenso</Trans>
        </p>
      )}
      {patientBlocked && consent.canModify && (
        <p className="consent-note">
          <Trans>Per questo consenso rivolgiti al tuo medico.</Trans>
        </p>
      )}
      <div className="consent-actions">
        {consent.canGive && !patientBlocked && (
          <IonButton onClick={() => onGive(consent)}>
            {consent.expired ? <Trans>Rinnova</Trans> : <Trans>Dai il consenso</Trans>}
          </IonButton>
        )}
        {consent.canRevoke && !patientBlocked && (
          <IonButton color="danger" fill="outline" onClick={() => onRevoke(consent)}>
            <Trans>Revoca</Trans>
          </IonButton>
        )}
        {showsProject && consent.project && (
          <IonButton
            fill="clear"
            routerLink={paths.projectDetails(consent.project.id)}
            aria-label={t`Dettagli del progetto ${consent.project.name}`}
          >
            <Trans>Dettagli</Trans>
          </IonButton>
        )}
      </div>
      {consent.documentId !== null && <SignedDocument id={consent.documentId} title={t`Documento firmato`} />}
    </article>
  );
}
