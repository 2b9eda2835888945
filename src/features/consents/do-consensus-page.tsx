/**
 * `/doConsensus?patientId&consentCode|medmakerModel&projectId&action`: a consent action reached from a
 * link (a notification, another screen). A patient goes straight to signing, staff to the choice of
 * digital or paper collection.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState } from '../../ui/state-views';
import { consentFlowQuery, parseConsentFlow } from './consent-flow';

export function DoConsensusPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const flow = parseConsentFlow(useLocation().search);
  if (!flow?.model)
    return (
      <PageLayout title={t`Consenso`}>
        <ErrorState>
          <p>{t`Parametri mancanti: impossibile aprire il consenso.`}</p>
        </ErrorState>
      </PageLayout>
    );
  const query = consentFlowQuery(flow);
  const patient = user ? isPatientSide(user.userType) : true;
  return <Navigate replace to={patient ? paths.signNewConsents(query) : paths.selectConsentSigner(query)} />;
}
