/**
 * Filling a survey, one question per screen: conditional questions come and go with the answers, the
 * progress counts the questions shown. Every change is kept locally (draft.ts) and every step is saved
 * to the server as a draft, so a session timeout loses nothing. Submitting asks first; refusing asks a
 * reason.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import type { JSX } from 'react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fieldErrorMessage } from '../../../api/error-messages';
import { errorReplyOf } from '../../../api/error-report';
import {
  type AnswerValue,
  answerMap,
  enabledItems,
  type PatientSurveyDetail,
  type QuestionnaireResponse,
  type ResponseItem,
} from '../../../contract/surveys';
import { paths } from '../../../routing/paths';
import { RESET_STORED } from '../../../state/storage';
import { confirm } from '../../../ui/confirm-dialog';
import { IonProgressBar } from '../../../ui/ionic/progress-bar';
import { useStepFocus } from '../../../ui/step-focus';
import { showToast } from '../../../ui/toasts';
import { refuseSurvey, saveDraft, submitSurvey } from '../api';
import { surveyDraftAtom } from './draft';
import { QuestionField } from './question-field';
import { RefuseSheet } from './refuse-sheet';

const ANSWER_REQUIRED = msg`Rispondi a questa domanda per continuare`;

function responseOf(
  detail: PatientSurveyDetail,
  items: readonly ResponseItem[],
  status: QuestionnaireResponse['status'],
): QuestionnaireResponse {
  // Only the questions shown: an answer left behind on a hidden branch is not sent.
  const answers = answerMap(items);
  const shown = new Set(enabledItems(detail.questionnaire, answers).map((item) => item.linkId));
  return {
    resourceType: 'QuestionnaireResponse',
    status,
    item: items.filter((item) => shown.has(item.linkId)),
  };
}

export function SurveyForm({
  detail,
  userKey,
}: {
  detail: PatientSurveyDetail;
  userKey: string;
}): JSX.Element {
  const navigate = useNavigate();
  const id = detail.survey.id;
  const [stored, setStored] = useAtom(surveyDraftAtom(`${userKey}:${id}`));
  const draft = stored ?? { items: detail.response?.item ?? [], step: 0 };
  const answers = answerMap(draft.items);
  const shown = enabledItems(detail.questionnaire, answers);
  const step = Math.max(0, Math.min(draft.step, shown.length - 1));
  const item = shown[step];
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [refusing, setRefusing] = useState(false);
  // The focus follows the step, not the first draw (ui/step-focus.ts).
  const heading = useStepFocus(step);

  const setAnswer = (linkId: string, values: AnswerValue[]): void => {
    setProblem(null);
    const order = detail.questionnaire.item.map((each) => each.linkId);
    const others = draft.items.filter((each) => each.linkId !== linkId);
    const items = values.length ? [...others, { linkId, answer: values }] : others;
    items.sort((a, b) => order.indexOf(a.linkId) - order.indexOf(b.linkId));
    setStored({ items, step });
  };

  // Saves one after the other: a slow older draft must not land after a newer one.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const toServer = (items: readonly ResponseItem[]): Promise<boolean> => {
    const run = saving.current.then(async () => {
      try {
        await saveDraft(id, responseOf(detail, items, 'in-progress'));
        setUnsaved(false);
        return true;
      } catch {
        setUnsaved(true);
        return false;
      }
    });
    saving.current = run;
    return run;
  };

  const go = (next: number): void => {
    setProblem(null);
    setStored({ items: draft.items, step: next });
  };

  const forward = (): void => {
    if (item?.required && !answers.has(item.linkId)) {
      setProblem(ANSWER_REQUIRED);
      return;
    }
    void toServer(draft.items);
    go(step + 1);
  };

  const later = async (): Promise<void> => {
    setBusy(true);
    const saved = await toServer(draft.items);
    setBusy(false);
    if (!saved) return;
    showToast('success', msg`Risposte salvate: puoi continuare quando vuoi`);
    navigate(paths.surveys());
  };

  const send = async (): Promise<void> => {
    if (item?.required && !answers.has(item.linkId)) {
      setProblem(ANSWER_REQUIRED);
      return;
    }
    const yes = await confirm({
      header: msg`Invia il questionario`,
      message: msg`Dopo l'invio non potrai più modificare le risposte. Vuoi inviarle?`,
      confirmLabel: msg`Invia`,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await submitSurvey(id, responseOf(detail, draft.items, 'completed'));
      setStored(RESET_STORED);
      showToast('success', msg`Questionario inviato. Grazie!`);
      navigate(paths.surveys());
    } catch (failure) {
      // A question the server finds unanswered or wrong: back to it, with the reason.
      const field = errorReplyOf(failure)?.fields?.[0];
      const linkId = field?.field.replace(/^response\.item\./, '');
      const index = shown.findIndex((each) => each.linkId === linkId);
      if (field && index >= 0) {
        go(index);
        setProblem(field.code === 'required' ? ANSWER_REQUIRED : fieldErrorMessage(field.code));
      }
    } finally {
      setBusy(false);
    }
  };

  const refuse = async (reason: string): Promise<void> => {
    await refuseSurvey(id, reason);
    setStored(RESET_STORED);
    setRefusing(false);
    showToast('success', msg`Questionario rifiutato: il motivo è stato inviato`);
    navigate(paths.surveys());
  };

  const last = step >= shown.length - 1;
  return (
    <div className="survey-form">
      {detail.questionnaire.description && (
        <p className="survey-description">{detail.questionnaire.description}</p>
      )}
      <h2 className="survey-step focus-heading" ref={heading} tabIndex={-1}>
        <Trans>
          Domanda {step + 1} di {shown.length}
        </Trans>
      </h2>
      <IonProgressBar value={(step + 1) / Math.max(shown.length, 1)} aria-hidden="true" />
      {item && (
        <QuestionField
          key={item.linkId}
          item={item}
          answers={answers.get(item.linkId) ?? []}
          onChange={(values) => setAnswer(item.linkId, values)}
          problem={problem}
        />
      )}
      <p className="survey-hint">
        <Trans>* risposta obbligatoria</Trans>
      </p>
      {unsaved && (
        <p className="survey-unsaved" role="status">
          <Trans>
            Le risposte non sono ancora salvate sul server: restano su questo dispositivo. Riprova più tardi.
          </Trans>
        </p>
      )}
      <div className="survey-actions">
        <IonButton fill="outline" disabled={busy || step === 0} onClick={() => go(step - 1)}>
          <Trans>Indietro</Trans>
        </IonButton>
        {last ? (
          <IonButton disabled={busy} onClick={() => void send()}>
            <Trans>Invia</Trans>
          </IonButton>
        ) : (
          <IonButton disabled={busy} onClick={forward}>
            <Trans>Avanti</Trans>
          </IonButton>
        )}
      </div>
      <div className="survey-secondary">
        <IonButton fill="clear" disabled={busy} onClick={() => void later()}>
          <Trans>Salva e continua dopo</Trans>
        </IonButton>
        <IonButton fill="clear" color="danger" disabled={busy} onClick={() => setRefusing(true)}>
          <Trans>Non voglio rispondere</Trans>
        </IonButton>
      </div>
      <RefuseSheet
        open={refusing}
        title={detail.survey.title}
        onClose={() => setRefusing(false)}
        onRefuse={refuse}
      />
    </div>
  );
}
