/**
 * `/createSurveyCard` (spec 2; `?template=` preselects): a template for some patients of the caller's
 * care or for the participants of a project they run, due on a date. Asks before sending.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrorMessage } from '../../../api/error-messages';
import { errorReplyOf, failureMessage } from '../../../api/error-report';
import { fetchOwnProjects } from '../../../api/projects';
import { useLoader } from '../../../api/use-loader';
import { paths } from '../../../routing/paths';
import { confirm } from '../../../ui/confirm-dialog';
import { LoadedView } from '../../../ui/loaded-view';
import { PageLayout } from '../../../ui/page-layout';
import { showToast } from '../../../ui/toasts';
import { createCard, fetchTemplates } from '../api';
import { PatientPicker, type PickedPatient } from './patient-picker';
import '../../../ui/forms.css';
import '../surveys.css';

const inDays = (days: number): string => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

export function CreateCardPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const [params] = useSearchParams();
  const templates = useLoader(fetchTemplates);
  const projects = useLoader(fetchOwnProjects);
  const [templateId, setTemplateId] = useState<number | null>(Number(params.get('template')) || null);
  const [target, setTarget] = useState<'patients' | 'project'>('patients');
  const [picked, setPicked] = useState<PickedPatient[]>([]);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [dueDate, setDueDate] = useState(inDays(14));
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const templateList = templates.state.status === 'ready' ? templates.state.value.templates : [];
  const chosenTemplate = templateList.find((each) => each.id === templateId) ?? templateList[0];
  const projectList = projects.state.status === 'ready' ? projects.state.value : [];
  const chosenProject = projectList.find((each) => each.id === projectId) ?? projectList[0];

  const send = async (): Promise<void> => {
    setProblem(null);
    if (!chosenTemplate) return setProblem(msg`Scegli un modello`);
    if (target === 'patients' && picked.length === 0) return setProblem(msg`Seleziona almeno un elemento`);
    if (target === 'project' && !chosenProject) return setProblem(msg`Scegli un progetto`);
    if (!dueDate || dueDate < inDays(0)) return setProblem(msg`La scadenza non può essere nel passato`);
    const title = chosenTemplate.title;
    const count = picked.length;
    const projectName = chosenProject?.name ?? '';
    const yes = await confirm({
      header: msg`Assegna il questionario`,
      message:
        target === 'patients'
          ? msg`Inviare «${title}» a ${count} pazienti? Lo troveranno nel portale.`
          : msg`Inviare «${title}» ai partecipanti del progetto ${projectName}? Lo troveranno nel portale.`,
      confirmLabel: msg`Assegna`,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await createCard({
        templateId: chosenTemplate.id,
        dueDate,
        ...(target === 'patients'
          ? { patientIds: picked.map((p) => p.id) }
          : { projectId: chosenProject?.id }),
      });
      showToast('success', msg`Questionario assegnato`);
      navigate(paths.surveyCardList());
    } catch (error) {
      const field = errorReplyOf(error)?.fields?.[0];
      if (field?.field === 'dueDate') setProblem(msg`La scadenza non può essere nel passato`);
      else if (field?.field === 'projectId') setProblem(msg`Il progetto non ha partecipanti`);
      else
        setProblem(
          field
            ? fieldErrorMessage(field.code)
            : (failureMessage(error) ?? msg`Errore durante il salvataggio dei dati`),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t`Assegna un questionario`} backTo={paths.surveyCardList()} className="survey-page">
      <LoadedView state={templates.state} onRetry={templates.reload}>
        {(value) =>
          value.templates.length === 0 && (
            <p>
              <Trans>Non ci sono modelli: creane uno prima di assegnarlo.</Trans>{' '}
              <IonButton fill="clear" routerLink={paths.createSurveyTemplate()}>
                <Trans>Nuovo modello</Trans>
              </IonButton>
            </p>
          )
        }
      </LoadedView>
      {templateList.length > 0 && (
        <div className="survey-editor">
          <div className="field-grid">
            <label className="field" htmlFor={`${id}-t`}>
              <span>
                <Trans>Modello</Trans>
              </span>
              <select
                id={`${id}-t`}
                value={chosenTemplate?.id}
                onChange={(event) => setTemplateId(Number(event.target.value))}
              >
                {templateList.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.title}
                  </option>
                ))}
              </select>
            </label>
            <label className="field" htmlFor={`${id}-d`}>
              <span>
                <Trans>Scadenza</Trans>
              </span>
              <input
                id={`${id}-d`}
                type="date"
                min={inDays(0)}
                value={dueDate}
                onChange={(event) => setDueDate(event.target.value)}
              />
            </label>
          </div>
          <fieldset className="survey-target">
            <legend>
              <Trans>A chi</Trans>
            </legend>
            <label className="survey-option">
              <input
                type="radio"
                name={`${id}-target`}
                checked={target === 'patients'}
                onChange={() => setTarget('patients')}
              />
              <span>
                <Trans>Ad alcuni pazienti</Trans>
              </span>
            </label>
            <label className="survey-option">
              <input
                type="radio"
                name={`${id}-target`}
                checked={target === 'project'}
                disabled={projectList.length === 0}
                onChange={() => setTarget('project')}
              />
              <span>
                <Trans>Ai partecipanti di un progetto</Trans>
              </span>
            </label>
          </fieldset>
          {target === 'patients' && <PatientPicker picked={picked} onChange={setPicked} />}
          {target === 'project' && (
            <label className="field" htmlFor={`${id}-p`}>
              <span>
                <Trans>Progetto</Trans>
              </span>
              <select
                id={`${id}-p`}
                value={chosenProject?.id}
                onChange={(event) => setProjectId(Number(event.target.value))}
              >
                {projectList.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {problem && (
            <p className="field-error" role="alert">
              {i18n._(problem)}
            </p>
          )}
          <div className="survey-actions">
            <IonButton disabled={busy} onClick={() => void send()}>
              <Trans>Assegna</Trans>
            </IonButton>
          </div>
        </div>
      )}
    </PageLayout>
  );
}
