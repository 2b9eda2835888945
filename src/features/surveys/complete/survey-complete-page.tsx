/**
 * `/surveyComplete?id=` (spec 2): the patient fills a survey card, or reads what they sent, refused or
 * missed. A card that is not theirs answers 404 and reads as not found.
 */

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLoader } from '../../../api/use-loader';
import { answerMap, type PatientSurveyDetail } from '../../../contract/surveys';
import { useDateFormat } from '../../../i18n/dates';
import { paths } from '../../../routing/paths';
import { currentUserAtom } from '../../../session/session-atoms';
import { IonBadge } from '../../../ui/ionic/badge';
import { LoadedView } from '../../../ui/loaded-view';
import { PageLayout } from '../../../ui/page-layout';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { answerText } from '../answer-text';
import { fetchSurvey } from '../api';
import { STATUS_COLOR, STATUS_LABEL } from '../status-label';
import { SurveyForm } from './survey-form';
import '../../../ui/forms.css';
import '../surveys.css';

function ClosedSurvey({ detail }: { detail: PatientSurveyDetail }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const { status } = detail.survey;
  const answers = answerMap(detail.response?.item ?? []);
  return (
    <div className="survey-closed">
      <IonBadge color={STATUS_COLOR[status]}>{i18n._(STATUS_LABEL[status])}</IonBadge>
      {status === 'EXPIRED' && (
        <p>
          <Trans>Il questionario è scaduto il {date(detail.survey.dueDate)}: non si può più compilare.</Trans>
        </p>
      )}
      {status === 'REFUSED' && (
        <p>
          <Trans>Hai rifiutato il questionario. Motivo: {detail.refusalReason}</Trans>
        </p>
      )}
      {status === 'SUBMITTED' && (
        <dl className="survey-answers">
          {detail.questionnaire.item
            .filter((item) => answers.has(item.linkId))
            .map((item) => (
              <div key={item.linkId}>
                <dt>{item.text}</dt>
                <dd>{answerText(item, answers.get(item.linkId) ?? [], date)}</dd>
              </div>
            ))}
        </dl>
      )}
    </div>
  );
}

export function SurveyCompletePage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const load = useCallback(() => fetchSurvey(id), [id]);
  const loader = useLoader(load, { enabled: valid });
  const { state } = loader;
  const title = state.status === 'ready' ? state.value.survey.title : t`Questionario`;
  const open =
    state.status === 'ready' &&
    (state.value.survey.status === 'TODO' || state.value.survey.status === 'DRAFT');
  return (
    <PageLayout title={title} backTo={paths.surveys()} className="survey-page">
      {!valid && <ErrorState reason={msg`Errore nel recupero del questionario`} />}
      <LoadedView
        state={state}
        onRetry={loader.reload}
        loading={valid && <LoadingState />}
        errorReason={(reason) => reason ?? msg`Errore nel recupero del questionario`}
      >
        {(detail) => (
          <>
            {user && open && <SurveyForm detail={detail} userKey={String(user.id)} />}
            {!open && <ClosedSurvey detail={detail} />}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
