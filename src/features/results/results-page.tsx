/**
 * `/results` (the patient side's own) and `/results/:patientId` (staff, from the dossier): every analyte
 * with its latest value and flag, the patient's own readings after; the patient enters a new reading here
 * and reaches the list of their readings to correct or delete them.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, listOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { AnalyteList } from './analyte-list';
import { fetchResults } from './api';
import { PatientLine } from './patient-line';
import { ReadingSheet } from './reading-sheet';
import { useRoutePatient } from './route-patient';
import './results.css';

export function ResultsPage(): JSX.Element {
  const route = useRoutePatient();
  if (route.kind === 'redirect')
    return <Navigate to={route.staff ? paths.myPatients() : paths.results()} replace />;
  if (route.kind === 'invalid') return <Navigate to={paths.home()} replace />;
  if (route.kind === 'loading') return <ResultsScreen patientId={null} staff={false} author={false} />;
  return <ResultsScreen patientId={route.patientId} staff={route.staff} author={route.author} />;
}

function ResultsScreen({
  patientId,
  staff,
  author,
}: {
  patientId: number | null;
  staff: boolean;
  author: boolean;
}): JSX.Element {
  const { t } = useLingui();
  const load = useCallback(() => fetchResults(patientId ?? 0), [patientId]);
  // A reading entered on another device, a report arrived meanwhile: coming back shows them.
  const { state, reload } = useLoader(load, {
    keepOnError: true,
    enabled: patientId !== null,
    refreshOnReturn: true,
  });
  const [entering, setEntering] = useState(false);
  return (
    <PageLayout
      title={t`Esami`}
      backTo={staff && patientId !== null ? paths.patientInfo(patientId) : undefined}
      refresher={<Refresher onRefresh={reload} />}
      className="results-page"
    >
      {staff && patientId !== null && <PatientLine patientId={patientId} />}
      <p className="results-intro">
        {staff ? (
          <Trans>L'ultimo valore di ogni esame del paziente. Tocca un esame per vederne l'andamento.</Trans>
        ) : (
          <Trans>L'ultimo valore di ogni tuo esame. Tocca un esame per vederne l'andamento.</Trans>
        )}
      </p>
      {author && (
        <div className="results-actions">
          <IonButton onClick={() => setEntering(true)}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            <Trans>Nuova misurazione</Trans>
          </IonButton>
          <IonButton fill="outline" routerLink={paths.readings()}>
            <IonIcon slot="start" icon={listOutline} aria-hidden="true" />
            <Trans>Le mie misurazioni</Trans>
          </IonButton>
        </div>
      )}
      <LoadedView state={state} onRetry={() => void reload()} staleNotice>
        {({ analytes }) =>
          analytes.length === 0 || patientId === null ? (
            <EmptyState title={<Trans>Nessun esame</Trans>}>
              <p>
                <Trans>Qui compariranno i valori dei referti di laboratorio e le misurazioni inserite.</Trans>
              </p>
            </EmptyState>
          ) : (
            <AnalyteList analytes={analytes} patientId={patientId} staff={staff} own={author} />
          )
        }
      </LoadedView>
      {author && patientId !== null && (
        <ReadingSheet
          open={entering}
          patientId={patientId}
          reading={null}
          onClose={() => setEntering(false)}
          onSaved={() => void reload()}
        />
      )}
    </PageLayout>
  );
}
