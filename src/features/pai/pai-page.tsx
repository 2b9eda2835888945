/**
 * `/pai/{paiId}`: a care plan with its type, its activities (to do → done with a delivery date, and each
 * reader's reminders) and its folders. The patient's side sees the activities of the plan in force only.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { Pai, PaiActivity } from '../../contract/pai';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, StaleNotice } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { ActivityCard } from './activity-card';
import { fetchPlan, markDone, saveReminders } from './api';
import { DoneSheet } from './done-sheet';
import { FoldersSection } from './folders-section';
import { InForceNotice } from './in-force-notice';
import { isInForce } from './labels';
import { PlanHeader } from './plan-header';
import { ReminderSheet } from './reminder-sheet';
import { useActivityTarget } from './use-activity-target';
import './pai.css';

export function PaiPage(): JSX.Element {
  const { t } = useLingui();
  const paiId = Number(useParams().paiId);
  const { state, reload, update } = useLoader(
    useCallback(() => fetchPlan(paiId), [paiId]),
    { refreshOnReturn: true, keepOnError: true },
  );
  useActivityTarget(state.status === 'ready');
  const [doing, setDoing] = useState<PaiActivity | null>(null);
  const [reminding, setReminding] = useState<PaiActivity | null>(null);
  const replace = (changed: PaiActivity): void =>
    update((plan) => ({
      ...plan,
      activities: plan.activities.map((each) => (each.activityId === changed.activityId ? changed : each)),
    }));

  const onDone = async (activity: PaiActivity, deliveryDate: string): Promise<void> => {
    replace(await markDone(paiId, activity.activityId, deliveryDate));
    setDoing(null);
    showToast('success', msg`Attività segnata come svolta`);
    void reload();
  };
  const onSaveReminders = async (activity: PaiActivity, days: number[] | null): Promise<void> => {
    replace(await saveReminders(paiId, activity.activityId, days));
    setReminding(null);
    showToast('success', msg`Promemoria salvati`);
  };

  const title = state.status === 'ready' ? state.value.title : t`Piano di cura`;
  const back = state.status === 'ready' ? paths.carePlans(state.value.patientId) : paths.home();
  return (
    <PageLayout title={title} backTo={back} refresher={<Refresher onRefresh={reload} />}>
      <LoadedView state={state} onRetry={reload}>
        {(plan, stale) => (
          <div className="pai-page">
            {stale && <StaleNotice reason={stale.reason} onRetry={() => void reload()} />}
            <PlanHeader plan={plan} />
            <InForceNotice plan={plan} />
            <Activities plan={plan} onDone={setDoing} onReminders={setReminding} />
            <FoldersSection folders={plan.paiFolders} />
            <DoneSheet
              activity={doing}
              planStart={plan.validFrom}
              onClose={() => setDoing(null)}
              onDone={onDone}
            />
            <ReminderSheet activity={reminding} onClose={() => setReminding(null)} onSave={onSaveReminders} />
          </div>
        )}
      </LoadedView>
    </PageLayout>
  );
}

function Activities({
  plan,
  onDone,
  onReminders,
}: {
  plan: Pai;
  onDone: (activity: PaiActivity) => void;
  onReminders: (activity: PaiActivity) => void;
}): JSX.Element {
  const replacedBy = plan.replacedById;
  return (
    <section className="pai-section" aria-labelledby="pai-activities-title">
      <h2 id="pai-activities-title">
        <Trans context="care plan activities">Attività</Trans>
      </h2>
      {plan.activitiesHidden ? (
        <EmptyState title={<Trans>Questo piano non è più in vigore</Trans>}>
          <p>
            <Trans>Le attività da svolgere sono nel piano in vigore.</Trans>
          </p>
          {replacedBy !== null && (
            <IonButton routerLink={paths.pai(replacedBy)} fill="outline">
              <Trans>Apri il piano in vigore</Trans>
            </IonButton>
          )}
        </EmptyState>
      ) : plan.activities.length === 0 ? (
        <EmptyState title={<Trans>Nessuna attività nel piano</Trans>} />
      ) : (
        plan.activities.map((activity) => (
          <ActivityCard
            key={activity.activityId}
            activity={activity}
            planClosed={plan.status !== 'ACTIVE'}
            onDone={plan.canMarkDone ? onDone : undefined}
            onReminders={isInForce(plan) ? onReminders : undefined}
          />
        ))
      )}
    </section>
  );
}
