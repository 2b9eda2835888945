/**
 * `/summary` (the patient's own, a guest's of their patient) and `/summary/:patientId` (staff): the patient
 * summary (HL7 IPS) as the shared renderer draws it, with its PDF and FHIR JSON downloads and, for the
 * patient's side, a link that shares it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useId } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { useMayDownload } from '../../session/use-guest-may-download';
import { IpsSummary } from '../../ui/ips/ips-summary';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { fetchSummary } from './api';
import { SummaryActions } from './summary-actions';
import { SummaryIndex } from './summary-index';
import './summary.css';

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function SummaryPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const raw = useParams().patientId;
  const patientSide = user ? isPatientSide(user.userType) : false;
  // As the dossier: the path without an id is the patient side's own, staff name the patient.
  if (user && raw === undefined && !patientSide) return <Navigate to={paths.myPatients()} replace />;
  if (user && raw !== undefined && patientSide) return <Navigate to={paths.summary()} replace />;
  const patientId = patientSide ? (user?.patientId ?? null) : parseId(raw);
  if (patientId === null) return <Navigate to={paths.home()} replace />;
  return <SummaryScreen patientId={patientId} staff={!patientSide} />;
}

function SummaryScreen({ patientId, staff }: { patientId: number; staff: boolean }): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const load = useCallback(() => fetchSummary(patientId), [patientId]);
  const { state, reload } = useLoader(load, { keepOnError: true });
  const mayDownload = useMayDownload(user?.userType ?? null, patientId);
  const idPrefix = `summary${useId().replace(/[^\w-]/g, '')}`;
  return (
    <PageLayout
      title={t`Sintesi sanitaria`}
      backTo={staff ? paths.patientInfo(patientId) : undefined}
      refresher={<Refresher onRefresh={reload} />}
    >
      <div className="summary-page">
        <p className="summary-intro">
          {staff ? (
            <Trans>Ciò che i documenti e i registri del fascicolo dicono della salute del paziente.</Trans>
          ) : (
            <Trans>Ciò che i documenti e i registri del fascicolo dicono della tua salute.</Trans>
          )}
        </p>
        <LoadedView state={state} onRetry={() => void reload()} staleNotice>
          {({ bundle, document }) => (
            <>
              <SummaryActions
                patientId={patientId}
                bundle={bundle}
                mayDownload={mayDownload}
                mayShare={!staff && mayDownload === true}
              />
              <SummaryIndex
                sections={document.sections}
                idPrefix={idPrefix}
                lang={document.composition.language}
              />
              <IpsSummary document={document} idPrefix={idPrefix} />
            </>
          )}
        </LoadedView>
      </div>
    </PageLayout>
  );
}
