import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { eyeOutline, folderOpenOutline, timeOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { paths } from '../../routing/paths';

/** From the demographic record to the patient's dossier, timeline and treatment history. */
export function PatientShortcuts({ patientId, own }: { patientId: number; own: boolean }): JSX.Element {
  const { t } = useLingui();
  return (
    <nav className="patient-actions" aria-label={t`Vai a`}>
      {!own && (
        <>
          <IonButton routerLink={paths.patientDossier(patientId)} fill="solid">
            <IonIcon slot="start" icon={folderOpenOutline} aria-hidden="true" />
            <Trans>Dossier</Trans>
          </IonButton>
          <IonButton routerLink={paths.patientTimeline(patientId)} fill="outline">
            <IonIcon slot="start" icon={timeOutline} aria-hidden="true" />
            <Trans>Linea del tempo</Trans>
          </IonButton>
        </>
      )}
      <IonButton routerLink={paths.datahistory(patientId)} fill="outline">
        <IonIcon slot="start" icon={eyeOutline} aria-hidden="true" />
        {own ? <Trans>Chi ha consultato i miei dati</Trans> : <Trans>Storico dei trattamenti</Trans>}
      </IonButton>
    </nav>
  );
}
