import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import type { Patient } from '../../contract/patient';
import { paths } from '../../routing/paths';
import { loadCurrentPatient } from '../../session/current-patient';
import { isPatientSide } from '../../session/roles';
import { currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { IonBadge } from '../../ui/ionic/badge';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { HealthServiceSection, IdentifiersSection, RelatedPersonsSection } from './patient-info-health';
import {
  AddressSection,
  ContactsSection,
  IdentityDocumentSection,
  PersonalSection,
} from './patient-info-sections';
import { PatientShortcuts } from './patient-shortcuts';
import { fetchPidTypeNames } from './pid-types';
import './patients.css';

const HELP = { controller: 'patientInfo', action: 'index' } as const;

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** `/patientInfo/:patientId`: the patient's demographic record, read only. */
export function PatientInfoPage(): JSX.Element {
  const { t } = useLingui();
  const patientId = parseId(useParams().patientId);
  const user = useAtomValue(currentUserAtom);
  const state = useAtomValue(currentPatientAtom);
  const ownId = user && isPatientSide(user.userType) ? user.patientId : null;

  if (ownId !== null && patientId !== ownId) return <Navigate to={paths.patientInfo(ownId)} replace />;

  const reload = (): Promise<void> =>
    patientId === null ? Promise.resolve() : loadCurrentPatient(patientId, { force: true });
  const mine = state?.patientId === patientId ? state : null;

  return (
    <PageLayout
      title={t`Dati anagrafici`}
      help={HELP}
      backTo={ownId === null ? paths.patients() : undefined}
      refresher={<Refresher onRefresh={reload} />}
    >
      {patientId === null && <EmptyState title={<Trans>Paziente non valido</Trans>} />}
      {patientId !== null && (!mine || mine.status === 'loading') && <LoadingState />}
      {mine?.status === 'error' && <ErrorState reason={mine.reason} onRetry={() => void reload()} />}
      {mine?.status === 'ready' && mine.patient && (
        <PatientRecord
          patient={mine.patient}
          shortcuts={<PatientShortcuts patientId={mine.patient.mepiId} own={ownId !== null} />}
        />
      )}
    </PageLayout>
  );
}

function PatientRecord({ patient, shortcuts }: { patient: Patient; shortcuts: ReactNode }): JSX.Element {
  const { i18n } = useLingui();
  const [typeNames, setTypeNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let active = true;
    void fetchPidTypeNames(i18n.locale).then((names) => active && setTypeNames(names));
    return () => {
      active = false;
    };
  }, [i18n.locale]);

  return (
    <>
      <header className="record-header">
        <h2>
          {patient.name} {patient.surname}
        </h2>
        <p className="muted">{patient.fiscalCode}</p>
        {patient.lifeStatus === 'deceased' && (
          <IonBadge color="medium">
            <Trans>Deceduto/a</Trans>
          </IonBadge>
        )}
        {patient.positionStatus.merged && (
          <IonBadge color="warning">
            <Trans>Posizione unificata</Trans>
          </IonBadge>
        )}
      </header>
      {shortcuts}
      <div className="record-grid">
        <PersonalSection patient={patient} />
        <AddressSection patient={patient} />
        <ContactsSection patient={patient} />
        <IdentityDocumentSection patient={patient} />
        <HealthServiceSection patient={patient} />
        <RelatedPersonsSection patient={patient} />
        <IdentifiersSection patient={patient} typeNames={typeNames} />
      </div>
    </>
  );
}
