import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  analyticsOutline,
  clipboardOutline,
  copyOutline,
  documentTextOutline,
  eyeOffOutline,
  eyeOutline,
  fitnessOutline,
  flaskOutline,
  folderOpenOutline,
  mailOutline,
  pulseOutline,
  timeOutline,
} from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';

/**
 * From the demographic record to the patient's dossier, timeline, summary, treatment history and consents, and
 * (staff) to a message to the patient: the messages screen opens its sheet with the patient chosen.
 */
export function PatientShortcuts({ patientId, own }: { patientId: number; own: boolean }): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  // Physicians and operators take copy requests at the desk on the patient's behalf.
  const atDesk = !own && (user?.userType === 'PHY' || user?.userType === 'OPT');
  // Staff who read consents reach the patient's consents (and their collection) from the record.
  const seesConsents = !own && user?.permissionList.includes('perm.meview.consent.read') === true;
  // Project members invite the patient to their projects or remove them (spec 2, projectInviteRemove).
  const runsProjects = !own && user?.permissionList.includes('perm.meview.project.info') === true;
  // Care plans: staff of the patient's projects (the server filters), the patient when in a project.
  const seesCarePlans = !own || (user?.userType === 'PAT' && user.inProject);
  // Staff write to a patient whose dossier they may open (the messages screen asks the server).
  const writes = !own && (user?.userType === 'PHY' || user?.userType === 'OPT' || user?.userType === 'ADM');
  const canObscure =
    own && user?.userType === 'PAT' && user.permissionList.includes('perm.meview.document.obscure');
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
      <IonButton routerLink={own ? paths.summary() : paths.patientSummary(patientId)} fill="outline">
        <IonIcon slot="start" icon={pulseOutline} aria-hidden="true" />
        <Trans>Sintesi sanitaria</Trans>
      </IonButton>
      <IonButton routerLink={own ? paths.results() : paths.patientResults(patientId)} fill="outline">
        <IonIcon slot="start" icon={analyticsOutline} aria-hidden="true" />
        <Trans>Esami</Trans>
      </IonButton>
      {writes && (
        <IonButton routerLink={paths.messages(patientId)} fill="outline">
          <IonIcon slot="start" icon={mailOutline} aria-hidden="true" />
          <Trans>Scrivi al paziente</Trans>
        </IonButton>
      )}
      <IonButton routerLink={paths.datahistory(patientId)} fill="outline">
        <IonIcon slot="start" icon={eyeOutline} aria-hidden="true" />
        {own ? <Trans>Chi ha consultato i miei dati</Trans> : <Trans>Storico dei trattamenti</Trans>}
      </IonButton>
      {seesConsents && (
        <IonButton routerLink={paths.consents(patientId)} fill="outline">
          <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
          <Trans>Consensi</Trans>
        </IonButton>
      )}
      {runsProjects && (
        <IonButton routerLink={paths.projectInviteRemove(patientId)} fill="outline">
          <IonIcon slot="start" icon={flaskOutline} aria-hidden="true" />
          <Trans>Progetti</Trans>
        </IonButton>
      )}
      {seesCarePlans && (
        <IonButton routerLink={paths.carePlans(patientId)} fill="outline">
          <IonIcon slot="start" icon={clipboardOutline} aria-hidden="true" />
          <Trans>Piani di cura</Trans>
        </IonButton>
      )}
      {atDesk && (
        <IonButton routerLink={paths.archiveRequest(patientId)} fill="outline">
          <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
          <Trans>Richieste di copie</Trans>
        </IonButton>
      )}
      {(!own || user?.userType === 'PAT') && (
        <IonButton routerLink={paths.pair(patientId)} fill="outline">
          <IonIcon slot="start" icon={fitnessOutline} aria-hidden="true" />
          {own ? <Trans>Il mio piano riabilitativo</Trans> : <Trans>Piani riabilitativi</Trans>}
        </IonButton>
      )}
      {canObscure && (
        <IonButton routerLink={paths.documentObscurement(patientId)} fill="outline">
          <IonIcon slot="start" icon={eyeOffOutline} aria-hidden="true" />
          <Trans>Oscura documenti</Trans>
        </IonButton>
      )}
    </nav>
  );
}
