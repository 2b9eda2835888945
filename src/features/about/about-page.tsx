import { IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { runtimeConfig } from '../../config/runtime-config';
import type { Utilities } from '../../contract/reference';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { fetchUtilities } from './api';

type State = { status: 'loading' } | { status: 'ready'; utilities: Utilities } | { status: 'error' };

export function AboutPage(): JSX.Element {
  const { t } = useLingui();
  const title = runtimeConfig().applicationTitle;
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(async (): Promise<void> => {
    try {
      setState({ status: 'ready', utilities: await fetchUtilities() });
    } catch {
      setState({ status: 'error' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <PageLayout title={t`Informazioni`} refresher={<Refresher onRefresh={load} />}>
      <section className="about-hero" aria-labelledby="about-title">
        <h2 id="about-title">{title}</h2>
        <p>
          <Trans>
            Il portale per consultare il dossier sanitario, i consensi e le richieste di documenti.
          </Trans>
        </p>
      </section>
      <IonList inset>
        <IonListHeader>
          <IonLabel>
            <Trans>Versione</Trans>
          </IonLabel>
        </IonListHeader>
        <IonItem>
          <IonLabel>
            <Trans>Portale</Trans>
          </IonLabel>
          <span slot="end">{__APP_VERSION__}</span>
        </IonItem>
        {state.status === 'ready' && (
          <IonItem>
            <IonLabel>
              <Trans>Server</Trans>
            </IonLabel>
            <span slot="end">{state.utilities.serverVersion}</span>
          </IonItem>
        )}
      </IonList>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState onRetry={() => void load()} />}
      {state.status === 'ready' && (
        <IonList inset>
          <IonListHeader>
            <IonLabel>
              <Trans>Assistenza</Trans>
            </IonLabel>
          </IonListHeader>
          <IonItem href={`tel:${state.utilities.helpDeskPhone}`} detail={false}>
            <IonLabel>
              <Trans>Telefono</Trans>
            </IonLabel>
            <span slot="end">{state.utilities.helpDeskPhone}</span>
          </IonItem>
          <IonItem href={`mailto:${state.utilities.helpDeskEmail}`} detail={false}>
            <IonLabel>
              <Trans>E-mail</Trans>
            </IonLabel>
            <span slot="end">{state.utilities.helpDeskEmail}</span>
          </IonItem>
        </IonList>
      )}
    </PageLayout>
  );
}
