/** Staff: the patients waiting on them (uploads to approve), each one tap from the approvals list. */
import { IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { Plural, Trans } from '@lingui/react/macro';
import { checkmarkDoneOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { StaffHome } from '../../contract/home';
import { paths } from '../../routing/paths';
import { EmptyState } from '../../ui/state-views';

export function StaffWaitingCard({ home }: { home: StaffHome }): JSX.Element {
  return (
    <section aria-labelledby="staff-waiting-title">
      <h2 id="staff-waiting-title" className="home-section-title">
        <Trans>Pazienti in attesa</Trans>
      </h2>
      {home.waitingPatients.length === 0 ? (
        <EmptyState title={<Trans>Nessun paziente in attesa</Trans>}>
          <p>
            <Trans>Non ci sono documenti caricati dai pazienti da approvare.</Trans>
          </p>
        </EmptyState>
      ) : (
        <IonList lines="full" className="waiting-list">
          {home.waitingPatients.map((patient) => (
            <IonItem key={patient.patientId} routerLink={paths.fileUpload()} detail className="waiting-line">
              <IonIcon slot="start" icon={checkmarkDoneOutline} aria-hidden="true" />
              <IonLabel>
                <h3>{patient.patientName}</h3>
                <p>
                  <Plural
                    value={patient.uploadsToReview}
                    one="# documento da approvare"
                    other="# documenti da approvare"
                  />
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
    </section>
  );
}
