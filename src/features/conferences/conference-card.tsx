/** One conference: who with, whether they are online, its state and dates, and what the caller may do. */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkOutline, closeOutline, videocamOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useId } from 'react';
import type { Conference, ConferenceState } from '../../contract/conferences';
import type { CurrentUser } from '../../contract/user';
import { useDateFormat } from '../../i18n/dates';
import { AddToCalendar, JoinNotYet, VisitWhen } from './visit-schedule';
import { useNowUntil } from './visit-time';
import '../../ui/record-card.css';

type Tone = 'success' | 'warning' | 'danger' | 'muted';

function stateLook(state: ConferenceState): { label: MessageDescriptor; tone: Tone } {
  switch (state) {
    case 'INVITED':
      return { label: msg`In attesa di risposta`, tone: 'warning' };
    case 'ACCEPTED':
      return { label: msg`Accettata`, tone: 'success' };
    case 'REJECTED':
      return { label: msg`Rifiutata`, tone: 'danger' };
    case 'ENDED':
      return { label: msg`Conclusa`, tone: 'muted' };
  }
}

export interface ConferenceActions {
  onAccept: (conference: Conference) => void;
  onReject: (conference: Conference) => void;
  onJoin: (conference: Conference) => void;
  busy: boolean;
}

export function PresenceDot({ online }: { online: boolean }): JSX.Element {
  const { t } = useLingui();
  const label = online ? t`Online` : t`Non in linea`;
  return (
    <span className={`presence-dot${online ? ' online' : ''}`} role="img" aria-label={label} title={label} />
  );
}

export function ConferenceCard({
  conference,
  user,
  actions,
}: {
  conference: Conference;
  user: CurrentUser;
  actions: ConferenceActions;
}): JSX.Element {
  const { i18n } = useLingui();
  const format = useDateFormat();
  const titleId = useId();
  const look = stateLook(conference.state);
  const asked = conference.requester.id === user.id;
  const other = asked ? conference.patient.displayName : conference.requester.displayName;
  const active = conference.state === 'INVITED' || conference.state === 'ACCEPTED';
  const joinable = conference.state === 'ACCEPTED' && conference.endedAt === null;
  // The device's clock opens the button (the server checks again on entering).
  const now = useNowUntil(joinable ? conference.joinOpensAt : null);
  const opensAt = conference.joinOpensAt;
  const waiting = joinable && opensAt !== null && now < Date.parse(opensAt);
  const notYetId = useId();
  const upcoming =
    active && conference.scheduledAt !== null && Date.parse(conference.scheduledAt) > now ? conference : null;
  return (
    <article className="record-card conference-card" aria-labelledby={titleId}>
      <header className="record-card-header conference-card-header">
        <h2 id={titleId}>
          {active && <PresenceDot online={conference.otherOnline} />}
          {other}
        </h2>
        <span className={`tone-chip conference-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
      </header>
      {conference.scheduledAt && <VisitWhen scheduledAt={conference.scheduledAt} />}
      <p className="record-card-meta">
        <span>
          {asked ? (
            <Trans>Richiesta da te il {format.dateTime(conference.createdAt)}</Trans>
          ) : (
            <Trans>Richiesta il {format.dateTime(conference.createdAt)}</Trans>
          )}
        </span>
        {conference.answeredAt && (
          <span>
            <Trans>Risposta il {format.dateTime(conference.answeredAt)}</Trans>
          </span>
        )}
      </p>
      {conference.state === 'REJECTED' && conference.rejectionReason && (
        <div className="record-card-reason" role="note">
          <strong>
            <Trans>Motivo del rifiuto</Trans>
          </strong>
          <p>{conference.rejectionReason}</p>
        </div>
      )}
      {(conference.canAnswer || joinable || upcoming) && (
        <div className="conference-actions">
          {conference.canAnswer && (
            <>
              <IonButton color="success" disabled={actions.busy} onClick={() => actions.onAccept(conference)}>
                <IonIcon slot="start" icon={checkmarkOutline} aria-hidden="true" />
                <Trans>Accetta</Trans>
              </IonButton>
              <IonButton
                fill="outline"
                color="danger"
                disabled={actions.busy}
                onClick={() => actions.onReject(conference)}
              >
                <IonIcon slot="start" icon={closeOutline} aria-hidden="true" />
                <Trans>Rifiuta</Trans>
              </IonButton>
            </>
          )}
          {joinable && (
            <IonButton
              disabled={actions.busy || waiting}
              aria-describedby={waiting ? notYetId : undefined}
              onClick={() => actions.onJoin(conference)}
            >
              <IonIcon slot="start" icon={videocamOutline} aria-hidden="true" />
              <Trans>Entra</Trans>
            </IonButton>
          )}
          {upcoming && <AddToCalendar conference={upcoming} />}
        </div>
      )}
      {waiting && conference.scheduledAt && (
        <JoinNotYet id={notYetId} scheduledAt={conference.scheduledAt} now={now} />
      )}
    </article>
  );
}
