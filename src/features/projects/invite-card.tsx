/** One project the user runs, with the patient's participation and what may be done about it. */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { PatientProject } from '../../contract/projects';
import { paths } from '../../routing/paths';
import { PARTICIPATION_LOOK } from './participation-labels';
import '../../ui/record-card.css';

export function InviteCard({
  entry,
  busy,
  onInvite,
  onRemove,
}: {
  entry: PatientProject;
  busy: boolean;
  onInvite: () => void;
  onRemove: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { project, participation } = entry;
  const look = PARTICIPATION_LOOK[participation];
  const titleId = `project-${project.id}`;
  return (
    <article className="record-card project-card" aria-labelledby={titleId}>
      <header className="record-card-header project-card-header">
        <h2 id={titleId}>{project.name}</h2>
        <span className={`tone-chip project-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
      </header>
      <p className="muted">{project.description}</p>
      {project.closed && (
        <p>
          <Trans>Il progetto è concluso: non accoglie nuovi partecipanti.</Trans>
        </p>
      )}
      <div className="project-actions">
        {participation === 'not-participating' && !project.closed && (
          <IonButton onClick={onInvite} disabled={busy} aria-label={t`Invita al progetto ${project.name}`}>
            <Trans>Invita</Trans>
          </IonButton>
        )}
        {participation !== 'not-participating' && (
          <IonButton
            color="danger"
            fill="outline"
            onClick={onRemove}
            disabled={busy}
            aria-label={
              participation === 'invited'
                ? t`Ritira l'invito al progetto ${project.name}`
                : t`Rimuovi dal progetto ${project.name}`
            }
          >
            {participation === 'invited' ? <Trans>Ritira l'invito</Trans> : <Trans>Rimuovi</Trans>}
          </IonButton>
        )}
        <IonButton
          fill="clear"
          routerLink={paths.projectDetails(project.id)}
          aria-label={t`Dettagli del progetto ${project.name}`}
        >
          <Trans>Dettagli</Trans>
        </IonButton>
      </div>
    </article>
  );
}
