import { IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { chevronForward, personCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { Patient } from '../../contract/patient';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { IonCard, IonCardContent, IonCardHeader, IonCardSubtitle, IonCardTitle } from '../../ui/ionic/card';
import { SEX_LABEL } from '../../ui/patient-labels';

/** The patient's demographic summary, linking to the full record. */
export function PatientSummaryCard({ patient }: { patient: Patient }): JSX.Element {
  const { i18n } = useLingui();
  const format = useDateFormat();
  const fullName = `${patient.name} ${patient.surname}`;
  return (
    <IonCard button routerLink={paths.patientInfo(patient.mepiId)} className="summary-card">
      <IonCardHeader>
        <div className="summary-card-head">
          <IonIcon icon={personCircleOutline} aria-hidden="true" className="summary-card-icon" />
          <div>
            <IonCardTitle>{fullName}</IonCardTitle>
            <IonCardSubtitle>{patient.fiscalCode}</IonCardSubtitle>
          </div>
          <IonIcon icon={chevronForward} aria-hidden="true" className="summary-card-chevron" />
        </div>
      </IonCardHeader>
      <IonCardContent>
        <dl className="facts">
          <div>
            <dt>
              <Trans>Data di nascita</Trans>
            </dt>
            <dd>{format.date(patient.birthDate)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Sesso</Trans>
            </dt>
            <dd>{i18n._(SEX_LABEL[patient.sex])}</dd>
          </div>
          {patient.healthService.generalPractitioner && (
            <div>
              <dt>
                <Trans>Medico di medicina generale</Trans>
              </dt>
              <dd>
                {patient.healthService.generalPractitioner.name}{' '}
                {patient.healthService.generalPractitioner.surname}
              </dd>
            </div>
          )}
        </dl>
      </IonCardContent>
    </IonCard>
  );
}
