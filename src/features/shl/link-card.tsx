/** One shared link: its name and state, until when, what it carries, who opened it and when, and Revoca. */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { banOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useId } from 'react';
import type { ShlLink, ShlState } from '../../contract/shl';
import { useDateFormat } from '../../i18n/dates';
import '../../ui/record-card.css';

const STATE_LOOK: Record<ShlState, { label: MessageDescriptor; tone: string }> = {
  active: { label: msg`Attivo`, tone: 'success' },
  expired: { label: msg`Scaduto`, tone: 'muted' },
  revoked: { label: msg`Revocato`, tone: 'danger' },
  locked: { label: msg`Bloccato`, tone: 'warning' },
};

function useContents(link: ShlLink): string {
  const { t } = useLingui();
  const count = link.documentCount;
  const documents = count === 1 ? t`1 documento` : t`${count} documenti`;
  if (link.withSummary && count > 0) return t`Sintesi sanitaria e ${documents}`;
  return link.withSummary ? t`Sintesi sanitaria` : documents;
}

export function LinkCard({
  link,
  busy,
  onRevoke,
}: {
  link: ShlLink;
  busy: boolean;
  onRevoke: (link: ShlLink) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const { dateTime } = useDateFormat();
  const titleId = useId();
  const look = STATE_LOOK[link.state];
  const contents = useContents(link);
  return (
    <article className="record-card shl-card" aria-labelledby={titleId} data-testid="shl-link">
      <header className="record-card-header">
        <h2 id={titleId}>{link.label}</h2>
        <span className={`tone-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
      </header>
      <p className="record-card-meta">
        <span>{contents}</span>
        <span>{link.withPasscode ? <Trans>Con codice di accesso</Trans> : <Trans>Senza codice</Trans>}</span>
      </p>
      <p className="record-card-meta">
        <span>
          <Trans>Creato il {dateTime(link.createdAt)}</Trans>
        </span>
        {/* A revoked link's expiry no longer matters. */}
        {link.state !== 'revoked' && (
          <span>
            {link.state === 'expired' ? (
              <Trans>Scaduto il {dateTime(link.expiresAt)}</Trans>
            ) : (
              <Trans>Scade il {dateTime(link.expiresAt)}</Trans>
            )}
          </span>
        )}
      </p>
      {link.state === 'locked' && (
        <p className="record-card-meta">
          <Trans>Bloccato dopo troppi codici sbagliati: nessuno può più aprirlo.</Trans>
        </p>
      )}
      <section className="shl-opens" aria-label={t`Aperture di «${link.label}»`}>
        {link.opens.length === 0 ? (
          <p className="muted">
            <Trans>Non ancora aperto.</Trans>
          </p>
        ) : (
          <>
            <h3>
              <Trans>Aperto da</Trans>
            </h3>
            <ul className="shl-open-list">
              {link.opens.map((open) => (
                <li key={`${open.openedAt}-${open.recipient}`}>
                  <span className="shl-open-who">{open.recipient}</span>{' '}
                  <time dateTime={open.openedAt}>{dateTime(open.openedAt)}</time>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      {link.state === 'active' && (
        <div className="shl-card-actions">
          <IonButton
            fill="outline"
            color="danger"
            disabled={busy}
            aria-label={t`Revoca «${link.label}»`}
            onClick={() => onRevoke(link)}
          >
            <IonIcon slot="start" icon={banOutline} aria-hidden="true" />
            <Trans>Revoca</Trans>
          </IonButton>
        </div>
      )}
    </article>
  );
}
