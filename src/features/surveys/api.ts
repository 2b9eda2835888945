/** The calls of the survey screens (decisions.md 2026-11-24, surveys). */
import * as v from 'valibot';
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson } from '../../api/request';
import { PatientList } from '../../contract/patient';
import { ProjectList } from '../../contract/projects';
import {
  type CreateSurveyCardBody,
  PatientSurveyDetail,
  PatientSurveyList,
  type Questionnaire,
  type QuestionnaireResponse,
  SurveyCardDetail,
  SurveyCardList,
  SurveyTemplate,
  SurveyTemplateList,
} from '../../contract/surveys';

const Created = v.object({ id: v.number() });

/** A call without a reply body; errors are reported (toast) unless `quiet` lists their status. */
async function send(method: 'post' | 'put' | 'delete', path: string, json?: unknown, quiet: number[] = []) {
  const context = { quiet };
  try {
    return await api()[method](path, json === undefined ? { context } : { context, json });
  } catch (error) {
    reportTransportError(error, { context });
    throw error;
  }
}

export const fetchMySurveys = (): Promise<PatientSurveyList> => getJson('surveys', PatientSurveyList);
export const fetchSurvey = (id: number): Promise<PatientSurveyDetail> =>
  getJson(`surveys/${id}`, PatientSurveyDetail, { context: { quiet: [404] } });

/** Saved quietly: the local copy is kept, and the page says when the server did not take it. */
export async function saveDraft(id: number, response: QuestionnaireResponse): Promise<void> {
  await api().put(`surveys/${id}/draft`, { json: { response }, context: { quiet: true } });
}

/** A 400 is shown beside the questions it names, not as a toast. */
export async function submitSurvey(id: number, response: QuestionnaireResponse): Promise<void> {
  await send('post', `surveys/${id}/submit`, { response }, [400]);
}

export async function refuseSurvey(id: number, reason: string): Promise<void> {
  await send('post', `surveys/${id}/refuse`, { reason }, [400]);
}

export const fetchTemplates = (): Promise<SurveyTemplateList> =>
  getJson('surveyTemplates', SurveyTemplateList);
export const fetchTemplate = (id: number): Promise<SurveyTemplate> =>
  getJson(`surveyTemplates/${id}`, SurveyTemplate);

export async function saveTemplate(questionnaire: Questionnaire, id?: number): Promise<number> {
  const response =
    id === undefined
      ? await send('post', 'surveyTemplates', { questionnaire }, [400])
      : await send('put', `surveyTemplates/${id}`, { questionnaire }, [400]);
  return v.parse(Created, await response.json()).id;
}

export async function retireTemplate(id: number): Promise<void> {
  await send('delete', `surveyTemplates/${id}`);
}

export const fetchCards = (): Promise<SurveyCardList> => getJson('surveyCards', SurveyCardList);
export const fetchCard = (id: number): Promise<SurveyCardDetail> =>
  getJson(`surveyCards/${id}`, SurveyCardDetail, { context: { quiet: [404] } });

export async function createCard(body: CreateSurveyCardBody): Promise<number> {
  const response = await send('post', 'surveyCards', body, [400]);
  return v.parse(Created, await response.json()).id;
}

export async function cancelCard(id: number): Promise<void> {
  await send('put', `surveyCards/${id}/cancel`);
}

/** The projects the caller runs: a card may go to a project's participants. */
export async function fetchOwnProjects(): Promise<ProjectList['projects']> {
  const reply = await getJson('projects', ProjectList, { context: { quiet: true } });
  return reply.projects.filter((project) => project.isMember);
}

/** The caller's favourite patients, or those whose surname starts with `surname`. */
export function fetchPatients(surname: string): Promise<PatientList> {
  const query = surname.trim() ? `surname=${encodeURIComponent(surname.trim())}` : 'favorites=true';
  return getJson(`patients?${query}&max=30`, PatientList);
}
