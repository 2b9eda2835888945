/**
 * `/createSurveyTemplate` (spec 2; `?id=` edits): the template editor, for a tablet. Checked here with
 * the contract's own rules before it is sent; a template a card already uses is saved as a new version.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { errorReplyOf, failureMessage } from '../../../api/error-report';
import { Questionnaire, questionnaireProblems } from '../../../contract/surveys';
import { paths } from '../../../routing/paths';
import { confirm } from '../../../ui/confirm-dialog';
import { PageLayout } from '../../../ui/page-layout';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { showToast } from '../../../ui/toasts';
import { fetchTemplate, saveTemplate } from '../api';
import { type EditorTemplate, fromQuestionnaire, newQuestion, toQuestionnaire } from './editor-model';
import { QuestionEditor } from './question-editor';
import '../../../ui/forms.css';
import '../surveys.css';

const QUESTION_PROBLEM = msg`Controlla questa domanda: testo, almeno due opzioni con il loro testo, gli estremi della scala (il primo minore del secondo) e la condizione.`;
const empty = (): EditorTemplate => ({ title: '', description: '', questions: [newQuestion([])] });

/** Problems by question index, and whether the title is missing, from the contract's schema and rules. */
function problemsOf(template: EditorTemplate): { title: boolean; questions: Set<number> } {
  const questionnaire = toQuestionnaire(template);
  const parsed = v.safeParse(Questionnaire, questionnaire);
  const questions = new Set<number>();
  let title = false;
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const [first, second] = issue.path?.map((p) => p.key) ?? [];
      if (first === 'title') title = true;
      if (first === 'item' && typeof second === 'number') questions.add(second);
    }
  else for (const p of questionnaireProblems(parsed.output)) questions.add(Number(p.field.split('.')[1]));
  return { title, questions };
}

export function CreateTemplatePage(): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const titleId = useId();
  const [params] = useSearchParams();
  const editId = Number(params.get('id')) || undefined;
  const [template, setTemplate] = useState<EditorTemplate | null>(editId ? null : empty());
  const [failed, setFailed] = useState(false);
  const [shownProblems, setShownProblems] = useState<{ title: boolean; questions: Set<number> } | null>(null);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editId) return;
    fetchTemplate(editId)
      .then((found) => setTemplate(fromQuestionnaire(found.questionnaire)))
      .catch(() => setFailed(true));
  }, [editId]);

  const save = async (): Promise<void> => {
    if (!template) return;
    const problems = problemsOf(template);
    setShownProblems(problems);
    setFailure(null);
    if (problems.title || problems.questions.size > 0) return;
    setBusy(true);
    try {
      await saveTemplate(toQuestionnaire(template), editId);
      showToast('success', msg`Modello salvato`);
      navigate(paths.surveyTemplateList());
    } catch (error) {
      const fields = errorReplyOf(error)?.fields ?? [];
      const questions = new Set(fields.map((f) => Number(f.field.split('.')[2])).filter(Number.isInteger));
      if (questions.size) setShownProblems({ title: false, questions });
      setFailure(failureMessage(error) ?? msg`Errore durante il salvataggio dei dati`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (index: number): Promise<void> => {
    if (!template) return;
    const yes = await confirm({
      header: msg`Elimina la domanda`,
      message: msg`La domanda e le sue opzioni saranno tolte dal modello.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (yes) setTemplate({ ...template, questions: template.questions.filter((_, at) => at !== index) });
  };

  return (
    <PageLayout
      title={editId ? t`Modifica il modello` : t`Nuovo modello di questionario`}
      backTo={paths.surveyTemplateList()}
      className="survey-page"
    >
      {failed && <ErrorState reason={msg`Errore nel recupero del questionario`} />}
      {!failed && !template && <LoadingState />}
      {template && (
        <form
          className="survey-editor"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label className="field" htmlFor={titleId}>
            <span>
              <Trans>Titolo *</Trans>
            </span>
            <input
              id={titleId}
              value={template.title}
              maxLength={150}
              aria-invalid={shownProblems?.title ? true : undefined}
              onChange={(event) => setTemplate({ ...template, title: event.target.value })}
            />
            {shownProblems?.title && (
              <span className="field-error" role="alert">
                <Trans>Campo obbligatorio</Trans>
              </span>
            )}
          </label>
          <label className="field" htmlFor={`${titleId}-d`}>
            <span>
              <Trans>Introduzione per il paziente</Trans>
            </span>
            <textarea
              id={`${titleId}-d`}
              rows={2}
              maxLength={500}
              value={template.description}
              onChange={(event) => setTemplate({ ...template, description: event.target.value })}
            />
          </label>
          {template.questions.map((question, index) => (
            <QuestionEditor
              key={question.linkId}
              index={index}
              question={question}
              earlier={template.questions.slice(0, index)}
              problem={shownProblems?.questions.has(index) ? QUESTION_PROBLEM : null}
              onChange={(changed) =>
                setTemplate({
                  ...template,
                  questions: template.questions.map((q, at) => (at === index ? changed : q)),
                })
              }
              onRemove={() => void remove(index)}
            />
          ))}
          <IonButton
            fill="outline"
            disabled={template.questions.length >= 50}
            onClick={() =>
              setTemplate({
                ...template,
                questions: [...template.questions, newQuestion(template.questions)],
              })
            }
          >
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            <Trans>Aggiungi una domanda</Trans>
          </IonButton>
          {failure && (
            <p className="field-error" role="alert">
              {i18n._(failure)}
            </p>
          )}
          <div className="survey-actions">
            <IonButton type="submit" disabled={busy || template.questions.length === 0}>
              <Trans>Salva il modello</Trans>
            </IonButton>
          </div>
        </form>
      )}
    </PageLayout>
  );
}
