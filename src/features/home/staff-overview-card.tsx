import { IonButton, IonIcon } from '@ionic/react';
import { Plural, Trans } from '@lingui/react/macro';
import { peopleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Loaded } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '../../ui/ionic/card';
import { ErrorState, LoadingState } from '../../ui/state-views';

/** Staff: how many patients they can reach (the probe), and the way to the list. */
export function StaffOverviewCard({
  state,
  onRetry,
}: {
  state: Loaded<number>;
  onRetry: () => void;
}): JSX.Element {
  return (
    <IonCard className="summary-card">
      <IonCardHeader>
        <div className="summary-card-head">
          <IonIcon icon={peopleOutline} aria-hidden="true" className="summary-card-icon" />
          <IonCardTitle>
            <Trans>Pazienti</Trans>
          </IonCardTitle>
        </div>
      </IonCardHeader>
      <IonCardContent>
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState onRetry={onRetry} />}
        {state.status === 'ready' && (
          <>
            <p className="big-number" aria-live="polite">
              <Plural
                value={state.value}
                _0="Nessun paziente disponibile"
                one="# paziente disponibile"
                other="# pazienti disponibili"
              />
            </p>
            <IonButton routerLink={paths.patients()} expand="block">
              <Trans>Apri l'elenco dei pazienti</Trans>
            </IonButton>
          </>
        )}
      </IonCardContent>
    </IonCard>
  );
}
