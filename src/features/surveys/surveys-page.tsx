/**
 * `/surveys` (spec 2): a patient's survey cards; for staff, their cards. `/surveys/{cardId}` (staff): one
 * card's answers and summary. Lists follow the live channel and pull to refresh.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, ErrorState, LoadingState, StaleNotice } from '../../ui/state-views';
import { fetchCard, fetchCards, fetchMySurveys } from './api';
import { CardAnswers } from './cards/card-answers';
import { CardRows } from './cards/card-rows';
import { PatientSurveyList } from './patient-survey-list';
import './surveys.css';

const TOPICS = ['surveys'] as const;

function MySurveys(): JSX.Element {
  const { t } = useLingui();
  const list = useLoader(fetchMySurveys, { keepOnError: true, refreshOnReturn: true, liveTopics: TOPICS });
  const { state } = list;
  return (
    <PageLayout
      title={t`Questionari`}
      refresher={<Refresher onRefresh={list.reload} />}
      className="survey-page"
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <ErrorState
          reason={state.reason ?? msg`Errore nel recupero dei questionari`}
          onRetry={() => void list.reload()}
        />
      )}
      {state.status === 'ready' && state.stale && (
        <StaleNotice reason={state.stale.reason} onRetry={() => void list.reload()} />
      )}
      {state.status === 'ready' && <PatientSurveyList surveys={state.value.surveys} />}
    </PageLayout>
  );
}

export function SurveyCardPage(): JSX.Element {
  const { t } = useLingui();
  const cardId = Number(useParams().cardId);
  const load = useCallback(() => fetchCard(cardId), [cardId]);
  const card = useLoader(load, { keepOnError: true, refreshOnReturn: true, liveTopics: TOPICS });
  const { state } = card;
  const title = state.status === 'ready' ? state.value.card.title : t`Risposte al questionario`;
  return (
    <PageLayout
      title={title}
      backTo={paths.surveys()}
      refresher={<Refresher onRefresh={card.reload} />}
      className="survey-page"
    >
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && (
        <ErrorState
          reason={state.reason ?? msg`Errore nel recupero del questionario`}
          onRetry={() => void card.reload()}
        />
      )}
      {state.status === 'ready' && <CardAnswers detail={state.value} />}
    </PageLayout>
  );
}

function StaffCards(): JSX.Element {
  const { t } = useLingui();
  const list = useLoader(fetchCards, { keepOnError: true, refreshOnReturn: true, liveTopics: TOPICS });
  const { state } = list;
  return (
    <PageLayout
      title={t`Questionari`}
      refresher={<Refresher onRefresh={list.reload} />}
      className="survey-page"
    >
      <div className="survey-toolbar">
        <IonButton fill="outline" routerLink={paths.surveyCardList()}>
          <Trans>Gestisci le assegnazioni</Trans>
        </IonButton>
        <IonButton fill="outline" routerLink={paths.surveyTemplateList()}>
          <Trans>Modelli</Trans>
        </IonButton>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState reason={state.reason} onRetry={() => void list.reload()} />}
      {state.status === 'ready' && state.value.cards.length === 0 && (
        <EmptyState title={<Trans>Nessun questionario assegnato</Trans>} />
      )}
      {state.status === 'ready' && <CardRows cards={state.value.cards} />}
    </PageLayout>
  );
}

export function SurveysPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const staff = user !== null && user.userType !== 'PAT' && user.userType !== 'GUE';
  return staff ? <StaffCards /> : <MySurveys />;
}
