/** A guest's home: whose documents they see, as what, until when, and how many (new ones too). */
import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Plural, Trans } from '@lingui/react/macro';
import { folderOpenOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { HomeGrant } from '../../contract/home';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { EmptyState } from '../../ui/state-views';

export function GuestGrantsCard({ grants }: { grants: readonly HomeGrant[] }): JSX.Element {
  if (grants.length === 0)
    return (
      <EmptyState title={<Trans>Nessun accesso attivo</Trans>}>
        <p>
          <Trans>
            Nessun paziente ti ha autorizzato a vedere i suoi documenti, oppure l'accesso è terminato.
          </Trans>
        </p>
      </EmptyState>
    );
  return (
    <section aria-labelledby="grants-title">
      <h2 id="grants-title" className="home-section-title">
        <Trans>I tuoi accessi</Trans>
      </h2>
      <IonList lines="full" className="waiting-list">
        {grants.map((grant) => (
          <GrantLine key={grant.patientId} grant={grant} />
        ))}
      </IonList>
    </section>
  );
}

function GrantLine({ grant }: { grant: HomeGrant }): JSX.Element {
  const { date } = useDateFormat();
  const patient = grant.patientName;
  const lastDay = date(grant.lastDay);
  const title = grant.accessTitle;
  return (
    <IonItem routerLink={paths.dossier()} detail className="waiting-line">
      <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
      <IonLabel className="ion-text-wrap">
        <h3>
          <Trans>Vedi i documenti di {patient}</Trans>
        </h3>
        <p>
          <Trans>
            {title}, fino al {lastDay} compreso.
          </Trans>
        </p>
        <p>
          <Plural value={grant.visibleDocuments} one="# documento visibile" other="# documenti visibili" />
          {grant.newDocuments > 0 && (
            <>
              {' · '}
              <Plural value={grant.newDocuments} one="# nuovo" other="# nuovi" />
            </>
          )}
        </p>
      </IonLabel>
    </IonItem>
  );
}
