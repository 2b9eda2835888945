import type { RefresherEventDetail } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { IonRefresher, IonRefresherContent } from './ionic/refresher';

/** Ionic's pull to refresh, loaded by `Refresher` (./refresher.tsx). */
export default function RefresherView({ onRefresh }: { onRefresh: () => Promise<void> }): JSX.Element {
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
