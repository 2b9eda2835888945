import { IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useLoader } from '../../api/use-loader';
import { fetchUtilities } from '../../api/utilities';
import { runtimeConfig } from '../../config/runtime-config';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';

export function AboutPage(): JSX.Element {
  const { t } = useLingui();
  const title = runtimeConfig().applicationTitle;
  const { state, reload: load } = useLoader(fetchUtilities);

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
            <span slot="end">{state.value.serverVersion}</span>
          </IonItem>
        )}
      </IonList>
      <LoadedView state={state} onRetry={load} errorReason={() => null}>
        {(value) => (
          <IonList inset>
            <IonListHeader>
              <IonLabel>
                <Trans>Assistenza</Trans>
              </IonLabel>
            </IonListHeader>
            <IonItem href={`tel:${value.helpDeskPhone}`} detail={false}>
              <IonLabel>
                <Trans>Telefono</Trans>
              </IonLabel>
              <span slot="end">{value.helpDeskPhone}</span>
            </IonItem>
            <IonItem href={`mailto:${value.helpDeskEmail}`} detail={false}>
              <IonLabel>
                <Trans>E-mail</Trans>
              </IonLabel>
              <span slot="end">{value.helpDeskEmail}</span>
            </IonItem>
          </IonList>
        )}
      </LoadedView>
    </PageLayout>
  );
}
