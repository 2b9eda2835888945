import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { shieldCheckmarkOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX, RefObject } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { useLiveTopic } from '../../api/use-live-topic';
import type { Loaded } from '../../api/use-loader';
import { useLoader } from '../../api/use-loader';
import type { RecordExport } from '../../contract/export';
import type { HomeSummary } from '../../contract/home';
import type { CurrentUser } from '../../contract/user';
import { paths } from '../../routing/paths';
import { loadCurrentPatient } from '../../session/current-patient';
import { isPatientSide } from '../../session/roles';
import { currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { appStore } from '../../state/store';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, LoadingState } from '../../ui/state-views';
import { fetchHomeSummary, fetchPatientCount } from './api';
import { GuestGrantsCard } from './guest-grants-card';
import { PatientSummaryCard } from './patient-summary-card';
import { StaffOverviewCard } from './staff-overview-card';
import { StaffWaitingCard } from './staff-waiting-card';
import { homeSummaryAtom } from './summary-atom';
import { useReadyExport } from './use-ready-export';
import { WaitingCard } from './waiting-card';
import './home.css';

const HELP = { controller: 'home', action: 'index' } as const;
const loadSummary = (): Promise<HomeSummary> => fetchHomeSummary();
const JUST_LOADED_MS = 1000;
/** What the summary shows changes with these live topics (see api/live-events.ts). */
const PATIENT_TOPICS = ['consents', 'uploadedDocuments', 'documents'] as const;
const STAFF_TOPICS = ['uploadedDocuments'] as const;

/**
 * Ionic keeps the home mounted behind the other tabs: coming back to it asks for the summary again (a
 * consent just signed, a request just sent). Coming back is the page losing Ionic's `ion-page-hidden`
 * class (the lifecycle hooks do not reach a page whose IonPage comes from PageLayout). Not when a summary
 * has just come. Returns a ref for an element inside the page.
 */
function useReloadOnReturn(reload: () => Promise<void>): RefObject<HTMLSpanElement | null> {
  const inside = useRef<HTMLSpanElement | null>(null);
  useEffect(() => {
    const page = inside.current?.closest('.ion-page');
    if (!page) return;
    let hidden = page.classList.contains('ion-page-hidden');
    const observer = new MutationObserver(() => {
      const nowHidden = page.classList.contains('ion-page-hidden');
      const returned = hidden && !nowHidden;
      hidden = nowHidden;
      const last = appStore().get(homeSummaryAtom)?.at ?? 0;
      if (returned && Date.now() - last > JUST_LOADED_MS) void reload();
    });
    observer.observe(page, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [reload]);
  return inside;
}

export function HomePage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  if (!user) {
    return (
      <PageLayout title={t`Home`} help={HELP}>
        <LoadingState />
      </PageLayout>
    );
  }
  return isPatientSide(user.userType) ? <PatientHome user={user} /> : <StaffHome user={user} />;
}

/** Who is signed in, and the way to their account's security (password, devices, passkeys). */
function Greeting({ user }: { user: CurrentUser }): JSX.Element {
  const name = user.displayName;
  return (
    <div className="greeting-row">
      <h2 className="greeting">
        <Trans>Benvenuto/a, {name}</Trans>
      </h2>
      <IonButton className="greeting-security" fill="clear" size="small" routerLink={paths.security()}>
        <IonIcon slot="start" icon={shieldCheckmarkOutline} aria-hidden="true" />
        <Trans>Sicurezza dell'account</Trans>
      </IonButton>
    </div>
  );
}

/** What waits, by role: loading, the error with a retry, or the cards. */
export function HomeSummaryView({
  state,
  onRetry,
  readyExport = null,
}: {
  state: Loaded<HomeSummary>;
  onRetry: () => void;
  /** The patient's record archive ready to download, a line of their list (use-ready-export.ts). */
  readyExport?: RecordExport | null;
}): JSX.Element | null {
  return (
    <LoadedView state={state} onRetry={onRetry}>
      {(summary) => {
        if (summary.role === 'PATIENT') return <WaitingCard home={summary} readyExport={readyExport} />;
        if (summary.role === 'GUEST') return <GuestGrantsCard grants={summary.grants} />;
        return <StaffWaitingCard home={summary} />;
      }}
    </LoadedView>
  );
}

function PatientHome({ user }: { user: CurrentUser }): JSX.Element {
  const { t } = useLingui();
  const state = useAtomValue(currentPatientAtom);
  const patientId = user.patientId;
  const noRecord = user.userType === 'PAT' && patientId === null;
  const summary = useLoader(loadSummary, { enabled: !noRecord, keepOnError: true });
  const { reload: reloadSummary } = summary;
  // The archive is the patient's own reminder; a guest finds theirs on the export screen.
  const archive = useReadyExport(user.userType === 'PAT' ? patientId : null);
  const { reload: reloadArchive } = archive;
  const reloadWaiting = useCallback(async (): Promise<void> => {
    await Promise.all([reloadSummary(), reloadArchive()]);
  }, [reloadSummary, reloadArchive]);
  const returnMarker = useReloadOnReturn(reloadWaiting);
  useLiveTopic(PATIENT_TOPICS, reloadSummary);
  const reload = useCallback(async (): Promise<void> => {
    await Promise.all([
      reloadWaiting(),
      patientId === null ? Promise.resolve() : loadCurrentPatient(patientId, { force: true }),
    ]);
  }, [patientId, reloadWaiting]);
  return (
    <PageLayout title={t`Home`} help={HELP} refresher={<Refresher onRefresh={reload} />}>
      <span ref={returnMarker} hidden />
      <Greeting user={user} />
      {noRecord ? (
        <EmptyState title={<Trans>Nessun dossier associato al tuo profilo</Trans>} />
      ) : (
        <HomeSummaryView
          state={summary.state}
          onRetry={() => void reloadSummary()}
          readyExport={archive.ready}
        />
      )}
      {user.userType === 'PAT' && state?.status === 'ready' && state.patient && (
        <PatientSummaryCard patient={state.patient} />
      )}
    </PageLayout>
  );
}

function StaffHome({ user }: { user: CurrentUser }): JSX.Element {
  const { t } = useLingui();
  const { state: count, reload: loadCount } = useLoader(fetchPatientCount);
  const physician = user.userType === 'PHY';
  const summary = useLoader(loadSummary, { enabled: physician, keepOnError: true });
  const { reload: reloadSummary } = summary;
  const returnMarker = useReloadOnReturn(reloadSummary);
  useLiveTopic(STAFF_TOPICS, () => (physician ? reloadSummary() : undefined));
  const reload = useCallback(async (): Promise<void> => {
    await Promise.all([loadCount(), physician ? reloadSummary() : Promise.resolve()]);
  }, [loadCount, reloadSummary, physician]);
  return (
    <PageLayout title={t`Home`} help={HELP} refresher={<Refresher onRefresh={reload} />}>
      <span ref={returnMarker} hidden />
      <Greeting user={user} />
      {physician && <HomeSummaryView state={summary.state} onRetry={() => void reloadSummary()} />}
      <StaffOverviewCard state={count} onRetry={() => void loadCount()} />
    </PageLayout>
  );
}
