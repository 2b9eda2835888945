/** What a screen shows while it loads, when it has nothing, and when loading failed. */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { alertCircleOutline, cloudOfflineOutline, documentTextOutline } from 'ionicons/icons';
import type { JSX, ReactNode } from 'react';
import { IonSpinner } from './ionic/spinner';

export function LoadingState({ label }: { label?: string }): JSX.Element {
  const { t } = useLingui();
  const text = label ?? t`Caricamento in corso…`;
  return (
    <div className="state-view" role="status" aria-live="polite">
      <IonSpinner name="crescent" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }): JSX.Element {
  return (
    <div className="state-view">
      <IonIcon icon={documentTextOutline} aria-hidden="true" className="state-view-icon" />
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function ErrorState({
  onRetry,
  reason,
  children,
}: {
  onRetry?: () => void;
  /** The server's reason (catalogue text), shown instead of the generic advice. */
  reason?: MessageDescriptor | null;
  children?: ReactNode;
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    <div className="state-view" role="alert">
      <IonIcon icon={alertCircleOutline} aria-hidden="true" className="state-view-icon state-view-error" />
      <h2>
        <Trans>Impossibile caricare i dati</Trans>
      </h2>
      {children ??
        (reason ? (
          <p>{i18n._(reason)}</p>
        ) : (
          <p>
            <Trans>Controlla la connessione e riprova.</Trans>
          </p>
        ))}
      {onRetry && (
        <IonButton fill="outline" onClick={onRetry}>
          <Trans>Riprova</Trans>
        </IonButton>
      )}
    </div>
  );
}

/** A reload failed: the screen still shows what it last received, and says so. */
export function StaleNotice({
  reason,
  onRetry,
}: {
  reason: MessageDescriptor | null;
  onRetry: () => void;
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    <div className="stale-notice" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <span>
        {reason ? (
          i18n._(reason)
        ) : (
          <Trans>Impossibile aggiornare: mostriamo i dati dell'ultimo caricamento.</Trans>
        )}
      </span>
      <IonButton size="small" fill="clear" onClick={onRetry}>
        <Trans>Riprova</Trans>
      </IonButton>
    </div>
  );
}
