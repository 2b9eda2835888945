import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { CurrentUser } from '../../contract/user';
import { loadCurrentPatient } from '../../session/current-patient';
import { isPatientSide } from '../../session/roles';
import { currentPatientAtom, currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState } from '../../ui/state-views';
import { fetchPatientCount } from './api';
import { GuestGrantsCard } from './guest-grants-card';
import { PatientSummaryCard } from './patient-summary-card';
import { StaffOverviewCard } from './staff-overview-card';

const HELP = { controller: 'home', action: 'index' } as const;

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

function Greeting({ user }: { user: CurrentUser }): JSX.Element {
  const name = user.displayName;
  return (
    <h2 className="greeting">
      <Trans>Benvenuto/a, {name}</Trans>
    </h2>
  );
}

function PatientHome({ user }: { user: CurrentUser }): JSX.Element {
  const { t } = useLingui();
  const state = useAtomValue(currentPatientAtom);
  const patientId = user.patientId;
  const [reloads, setReloads] = useState(0);
  const reload = useCallback((): Promise<void> => {
    setReloads((count) => count + 1);
    return patientId === null ? Promise.resolve() : loadCurrentPatient(patientId, { force: true });
  }, [patientId]);
  return (
    <PageLayout title={t`Home`} help={HELP} refresher={<Refresher onRefresh={reload} />}>
      <Greeting user={user} />
      {patientId === null && <EmptyState title={<Trans>Nessun dossier associato al tuo profilo</Trans>} />}
      {patientId !== null && (!state || state.status === 'loading') && <LoadingState />}
      {state?.status === 'error' && <ErrorState onRetry={() => void reload()} />}
      {state?.status === 'ready' && state.patient && <PatientSummaryCard patient={state.patient} />}
      {user.userType === 'GUE' && <GuestGrantsCard reloadKey={reloads} />}
    </PageLayout>
  );
}

function StaffHome({ user }: { user: CurrentUser }): JSX.Element {
  const { t } = useLingui();
  const { state: count, reload: load } = useLoader(fetchPatientCount);
  return (
    <PageLayout title={t`Home`} help={HELP} refresher={<Refresher onRefresh={load} />}>
      <Greeting user={user} />
      <StaffOverviewCard state={count} onRetry={() => void load()} />
    </PageLayout>
  );
}
