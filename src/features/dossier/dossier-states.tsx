/** What the dossier shows around the list: skeletons, the offline banner, the "more" sentinel. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cloudOfflineOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useRef } from 'react';
import { useDateFormat } from '../../i18n/dates';
import { IonSpinner } from '../../ui/ionic/spinner';

export function ListSkeleton(): JSX.Element {
  const { t } = useLingui();
  return (
    <div className="doc-skeletons" role="status" aria-label={t`Caricamento dei documenti…`}>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="doc-skeleton" aria-hidden="true">
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

export function OfflineBanner({ at }: { at: number }): JSX.Element {
  const format = useDateFormat();
  const when = format.dateTime(at);
  return (
    <div className="stale-notice" role="status">
      <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
      <span>
        <Trans>Sei offline: elenco aggiornato al {when}</Trans>
      </span>
    </div>
  );
}

/** Loads the next page when it scrolls into view; the button does the same by hand. */
export function MoreDocuments({
  loading,
  onMore,
  shown,
  total,
}: {
  loading: boolean;
  onMore: () => void;
  shown: number;
  total: number;
}): JSX.Element {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="more-documents">
      {loading ? (
        <IonSpinner name="crescent" aria-hidden="true" />
      ) : (
        <IonButton fill="clear" onClick={onMore}>
          <Trans>
            Mostra altri documenti ({shown} di {total})
          </Trans>
        </IonButton>
      )}
    </div>
  );
}
