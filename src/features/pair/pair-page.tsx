/**
 * `/pair/:patientId`: the patient's rehabilitation plans. Staff see every plan with its status in the
 * title, drafts included; a physician creates (after the eligibility check), edits, signs and closes.
 * The patient (or a guest) sees the current plan, readable, with what changed from the plan it replaced.
 */
import { IonButton, IonIcon } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline, pulseOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { Pair } from '../../contract/pair';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { fetchPairs, verifyEligibility } from './api';
import { ChangesView } from './changes-view';
import { useCoding } from './coding';
import { hintText } from './labels';
import { PlanActions } from './plan-actions';
import { PlanSummary } from './plan-summary';
import './pair.css';

export function PairPage(): JSX.Element {
  const { t } = useLingui();
  const patientId = Number(useParams().patientId);
  const user = useAtomValue(currentUserAtom);
  const staff = user !== null && user.userType !== 'PAT' && user.userType !== 'GUE';
  const physician = user?.userType === 'PHY';
  const load = useCallback(() => fetchPairs(patientId), [patientId]);
  const list = useLoader(load, { keepOnError: true, refreshOnReturn: true });
  const coding = useCoding();
  const { state } = list;
  // Back from the wizard (`?signed=`): the cached screen reads the plans again, now with the signed one.
  const signed = new URLSearchParams(useLocation().search).get('signed');
  const { reload } = list;
  useEffect(() => {
    if (signed) void reload();
  }, [signed, reload]);
  return (
    <PageLayout
      title={staff ? t`Piani riabilitativi` : t`Il mio piano riabilitativo`}
      refresher={<Refresher onRefresh={list.reload} />}
    >
      <div className="pair-toolbar">
        {physician && <NewPlanButton patientId={patientId} />}
        <IonButton fill="outline" routerLink={paths.pripri(patientId)}>
          <IonIcon slot="start" icon={pulseOutline} aria-hidden="true" />
          <Trans>Monitoraggio PRIpri</Trans>
        </IonButton>
      </div>
      <LoadedView state={state} onRetry={list.reload} staleNotice>
        {(pairs) => (
          <>
            {pairs.length === 0 ? (
              <EmptyState title={t`Nessun piano riabilitativo`} />
            ) : staff ? (
              pairs.map((pair) => (
                <PlanSummary key={pair.id} pair={pair} coding={coding} open={false}>
                  {physician && <PlanActions pair={pair} onChanged={() => void list.reload()} />}
                </PlanSummary>
              ))
            ) : (
              <PatientPlans pairs={pairs} coding={coding} />
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}

function PatientPlans({
  pairs,
  coding,
}: {
  pairs: readonly Pair[];
  coding: ReturnType<typeof useCoding>;
}): JSX.Element {
  const current = pairs.find((pair) => pair.status === 'ACTIVE') ?? pairs[0];
  const earlier = pairs.filter((pair) => pair !== current);
  return (
    <>
      {current && (
        <PlanSummary pair={current} coding={coding} open>
          {current.replacesId !== null && <ChangesView changes={current.changes} />}
        </PlanSummary>
      )}
      {earlier.map((pair) => (
        <PlanSummary key={pair.id} pair={pair} coding={coding} open={false} />
      ))}
    </>
  );
}

/**
 * "Nuovo piano": the decision support says first whether the patient is eligible; if not, the physician
 * confirms with the reasons in front of them. If the support fails, they are told and may go on.
 */
function NewPlanButton({ patientId }: { patientId: number }): JSX.Element {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const reply = await verifyEligibility(patientId).catch(() => null);
      if (reply === null) showToast('warning', msg`Errore durante il recupero delle raccomandazioni`);
      else if (!reply.eligible) {
        const reasons = reply.hints
          .filter((hint) => hint.severity === 'block')
          .map((hint) => hintText(i18n, hint))
          .join(' ');
        const sure = await confirm({
          header: msg`Paziente non idoneo`,
          message: msg`${reasons} Vuoi creare comunque il piano riabilitativo?`,
          confirmLabel: msg`Crea comunque`,
        });
        if (!sure) return;
      }
      navigate(paths.pairNew(patientId));
    } finally {
      setBusy(false);
    }
  };
  return (
    <IonButton onClick={() => void start()} disabled={busy}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      <Trans>Nuovo piano</Trans>
    </IonButton>
  );
}
