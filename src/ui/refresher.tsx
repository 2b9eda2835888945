import type { RefresherEventDetail } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { IonRefresher, IonRefresherContent } from './ionic/refresher';

/** Pull to refresh; pass it to `PageLayout`'s `refresher`. */
export function Refresher({ onRefresh }: { onRefresh: () => Promise<void> }): JSX.Element {
  const { t } = useLingui();
  const refresh = (event: CustomEvent<RefresherEventDetail>): void => {
    void onRefresh().finally(() => event.detail.complete());
  };
  return (
    <IonRefresher slot="fixed" onIonRefresh={refresh}>
      <IonRefresherContent pullingText={t`Trascina per aggiornare`} refreshingText={t`Aggiornamento…`} />
    </IonRefresher>
  );
}
