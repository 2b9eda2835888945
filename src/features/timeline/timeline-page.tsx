import { useIonViewDidEnter } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { EmptyState } from '../../ui/state-views';
import { fetchTimelineDocuments } from './api';
import type { SortedDossier } from './timeline-items';
import { TimelineSkeleton, TimelineView } from './timeline-view';
import { useTimelineHeight } from './use-timeline-height';
import type { VisTimelineControls } from './use-vis-timeline';

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** `/timeline` (own dossier) and `/timeline/:patientId` (staff): the dossier on a time axis. */
export function TimelinePage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const param = useParams().patientId;
  const ownId = user && isPatientSide(user.userType) ? user.patientId : null;
  if (ownId !== null && param !== undefined && parseId(param) !== ownId) {
    return <Navigate to={paths.timeline()} replace />;
  }
  const patientId = ownId ?? parseId(param);
  if (patientId === null) return <Navigate to={paths.myPatients()} replace />;
  return (
    <TimelineScreen patientId={patientId} staff={ownId === null} isPhysician={user?.userType === 'PHY'} />
  );
}

function TimelineScreen(props: { patientId: number; staff: boolean; isPhysician: boolean }): JSX.Element {
  const { patientId, staff, isPhysician } = props;
  const { t } = useLingui();
  const navigate = useNavigate();
  const height = useTimelineHeight();
  const controls = useRef<VisTimelineControls | null>(null);

  const { state, reload: load } = useLoader(
    useCallback((): Promise<SortedDossier> => fetchTimelineDocuments(patientId), [patientId]),
  );

  // vis-timeline draws before the Ionic page has its size: draw again once it is shown.
  useIonViewDidEnter(() => controls.current?.refresh());

  // The document viewer belongs to the dossier: a tapped document opens there.
  const open = useCallback(
    (documentId: number): void => navigate(paths.documentViewer(documentId)),
    [navigate],
  );

  return (
    <PageLayout
      title={t`Linea del tempo`}
      help={{ controller: 'timeline', action: 'index' }}
      backTo={staff ? paths.patientInfo(patientId) : undefined}
    >
      <LoadedView state={state} onRetry={load} loading={<TimelineSkeleton />}>
        {(dossier) => (
          <>
            {dossier.documents.length === 0 && (
              <EmptyState title={<Trans>Nessun documento nel dossier</Trans>} />
            )}
            {dossier.documents.length > 0 && (
              <TimelineView
                dossier={dossier}
                isPhysician={isPhysician}
                height={height}
                onOpen={open}
                onReady={(ready) => {
                  controls.current = ready;
                }}
              />
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
