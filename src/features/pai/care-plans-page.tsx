/**
 * `/carePlans/{patientId}`: the patient's care plans, the one in force first (spec 2: plans are loaded
 * when the user is in a project; the server answers an empty list otherwise).
 */
import { IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { PaiList } from '../../contract/pai';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { fetchPlans } from './api';
import { PlanSummaryItem } from './plan-summary';
import './pai.css';

export function CarePlansPage(): JSX.Element {
  const { t } = useLingui();
  const patientId = Number(useParams().patientId);
  const { state, reload } = useLoader(
    useCallback(() => fetchPlans(patientId), [patientId]),
    { refreshOnReturn: true, keepOnError: true },
  );
  return (
    <PageLayout title={t`Piani di cura`} backTo={paths.home()} refresher={<Refresher onRefresh={reload} />}>
      <LoadedView state={state} onRetry={reload}>
        {(plans) => <Plans list={plans} />}
      </LoadedView>
    </PageLayout>
  );
}

function Plans({ list }: { list: PaiList }): JSX.Element {
  const { t } = useLingui();
  if (list.pais.length === 0)
    return (
      <EmptyState title={<Trans>Nessun piano di cura</Trans>}>
        <p>
          <Trans>I piani di cura preparati dall'ospedale nei progetti compaiono qui.</Trans>
        </p>
      </EmptyState>
    );
  const ordered = [...list.pais].sort(
    (a, b) => Number(b.id === list.currentPaiId) - Number(a.id === list.currentPaiId),
  );
  return (
    <IonList inset className="pai-list" aria-label={t`Piani di cura`}>
      {ordered.map((plan) => (
        <PlanSummaryItem key={plan.id} plan={plan} current={plan.id === list.currentPaiId} />
      ))}
    </IonList>
  );
}
