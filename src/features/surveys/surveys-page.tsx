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
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
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
      <LoadedView
        state={state}
        onRetry={list.reload}
        errorReason={(reason) => reason ?? msg`Errore nel recupero dei questionari`}
        staleNotice
      >
        {(mine) => <PatientSurveyList surveys={mine.surveys} />}
      </LoadedView>
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
      <LoadedView
        state={state}
        onRetry={card.reload}
        errorReason={(reason) => reason ?? msg`Errore nel recupero del questionario`}
      >
        {(detail) => <CardAnswers detail={detail} />}
      </LoadedView>
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
      <LoadedView state={state} onRetry={list.reload}>
        {(value) => (
          <>
            {value.cards.length === 0 && <EmptyState title={<Trans>Nessun questionario assegnato</Trans>} />}
            <CardRows cards={value.cards} />
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}

export function SurveysPage(): JSX.Element {
  const user = useAtomValue(currentUserAtom);
  const staff = user !== null && user.userType !== 'PAT' && user.userType !== 'GUE';
  return staff ? <StaffCards /> : <MySurveys />;
}
