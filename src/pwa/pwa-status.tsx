/**
 * Offline banner and update prompt, stacked above the tab bar. The live region is always in the page, so screen
 * readers announce a message when it appears.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cloudOfflineOutline, refreshOutline } from 'ionicons/icons';
import { useAtom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { STATUS_STACK_ID } from '../ui/toasts';
import { offlineAtom } from './offline';
import { applyUpdate, needRefreshAtom } from './sw-update';
import './pwa-status.css';

function UpdatePrompt({ onLater }: { onLater: () => void }): JSX.Element {
  const { t } = useLingui();
  return (
    <div className="pwa-status__card pwa-status__card--update">
      <IonIcon icon={refreshOutline} aria-hidden="true" className="pwa-status__icon" />
      <span className="pwa-status__text">
        <Trans>È disponibile una nuova versione</Trans>
      </span>
      <IonButton size="small" fill="clear" color="light" onClick={onLater} aria-label={t`Più tardi`}>
        <Trans>Più tardi</Trans>
      </IonButton>
      <IonButton size="small" fill="solid" color="light" onClick={applyUpdate} aria-label={t`Aggiorna`}>
        <Trans>Aggiorna</Trans>
      </IonButton>
    </div>
  );
}

export function PwaStatus(): JSX.Element | null {
  const offline = useAtomValue(offlineAtom);
  const [needRefresh, setNeedRefresh] = useAtom(needRefreshAtom);
  return (
    <div id={STATUS_STACK_ID} className="pwa-status" role="status" aria-live="polite">
      {offline && (
        <div className="pwa-status__card pwa-status__card--offline">
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" className="pwa-status__icon" />
          <span className="pwa-status__text">
            <Trans>Sei offline: alcune funzioni non sono disponibili</Trans>
          </span>
        </div>
      )}
      {needRefresh && <UpdatePrompt onLater={() => setNeedRefresh(false)} />}
    </div>
  );
}
