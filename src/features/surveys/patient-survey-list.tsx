/** The patient's survey cards: open ones first as the server orders them, each opening its page. */
import { IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { PatientSurvey } from '../../contract/surveys';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { IonBadge } from '../../ui/ionic/badge';
import { EmptyState } from '../../ui/state-views';
import { STATUS_COLOR, STATUS_LABEL } from './status-label';

export function PatientSurveyList({ surveys }: { surveys: readonly PatientSurvey[] }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  if (surveys.length === 0)
    return (
      <EmptyState title={<Trans>Nessun questionario</Trans>}>
        <p>
          <Trans>Quando il tuo medico ti invia un questionario, lo trovi qui.</Trans>
        </p>
      </EmptyState>
    );
  return (
    <IonList className="survey-list">
      {surveys.map((survey) => {
        const due = date(survey.dueDate);
        const count = survey.questionCount;
        return (
          <IonItem key={survey.id} routerLink={paths.surveyComplete(survey.id)} detail>
            <IonLabel>
              <h2>{survey.title}</h2>
              <p>
                <Trans>
                  Entro il {due} · {count} domande
                </Trans>
              </p>
            </IonLabel>
            <IonBadge slot="end" color={STATUS_COLOR[survey.status]}>
              {i18n._(STATUS_LABEL[survey.status])}
            </IonBadge>
          </IonItem>
        );
      })}
    </IonList>
  );
}
