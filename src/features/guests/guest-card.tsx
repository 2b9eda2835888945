/** One guest of the list: who, as what, until when, with which rights; edit and revoke. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createOutline, personRemoveOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Guest } from '../../contract/guests';
import { useDateFormat } from '../../i18n/dates';
import { RELATIONSHIP_LABEL, RIGHT_LABEL } from './labels';

export function GuestCard({
  guest,
  onEdit,
  onRevoke,
}: {
  guest: Guest;
  onEdit: () => void;
  onRevoke: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { date } = useDateFormat();
  const name = `${guest.person.name} ${guest.person.surname}`;
  const deadline = date(guest.deadline);
  const shared = guest.documentIds.length;
  return (
    <li className="guest-card">
      <div className="guest-card-head">
        <h2 className="guest-name">{name}</h2>
        <span className={`guest-status guest-status-${guest.status}`}>
          {guest.status === 'active' ? <Trans>Attivo</Trans> : <Trans>Scaduto</Trans>}
        </span>
      </div>
      <p className="guest-meta">
        {i18n._(RELATIONSHIP_LABEL[guest.relationship])} · {guest.accessTitle.desc}
      </p>
      <p className="guest-meta">
        {guest.status === 'active' ? <Trans>Fino al {deadline}</Trans> : <Trans>Scaduto il {deadline}</Trans>}
        {' · '}
        {shared === 1 ? <Trans>1 documento condiviso</Trans> : <Trans>{shared} documenti condivisi</Trans>}
      </p>
      <ul className="guest-rights" aria-label={t`Autorizzazioni`}>
        {guest.rights.length === 0 && (
          <li className="guest-right guest-right-none">
            <Trans>Solo i documenti condivisi</Trans>
          </li>
        )}
        {guest.rights.map((right) => (
          <li key={right} className="guest-right">
            {i18n._(RIGHT_LABEL[right])}
          </li>
        ))}
      </ul>
      <div className="guest-actions">
        <IonButton fill="outline" onClick={onEdit} aria-label={t`Modifica ${name}`}>
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          <Trans>Modifica</Trans>
        </IonButton>
        <IonButton fill="outline" color="danger" onClick={onRevoke} aria-label={t`Revoca ${name}`}>
          <IonIcon slot="start" icon={personRemoveOutline} aria-hidden="true" />
          <Trans>Revoca</Trans>
        </IonButton>
      </div>
    </li>
  );
}
