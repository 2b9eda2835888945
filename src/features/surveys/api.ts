/** The calls of the survey screens (decisions.md 2026-11-24, surveys). */
import * as v from 'valibot';
import { api } from '../../api/client';
import { getJson, sendJson, sendNoContent } from '../../api/request';
import { PatientList } from '../../contract/patient';
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

export const fetchMySurveys = (): Promise<PatientSurveyList> => getJson('surveys', PatientSurveyList);
export const fetchSurvey = (id: number): Promise<PatientSurveyDetail> =>
  getJson(`surveys/${id}`, PatientSurveyDetail, { context: { quiet: [404] } });

/** Saved quietly: the local copy is kept, and the page says when the server did not take it. */
export async function saveDraft(id: number, response: QuestionnaireResponse): Promise<void> {
  await api().put(`surveys/${id}/draft`, { json: { response }, context: { quiet: true } });
}

/** A 400 is shown beside the questions it names, not as a toast. */
export async function submitSurvey(id: number, response: QuestionnaireResponse): Promise<void> {
  await sendNoContent('post', `surveys/${id}/submit`, { response }, [400]);
}

export async function refuseSurvey(id: number, reason: string): Promise<void> {
  await sendNoContent('post', `surveys/${id}/refuse`, { reason }, [400]);
}

export const fetchTemplates = (): Promise<SurveyTemplateList> =>
  getJson('surveyTemplates', SurveyTemplateList);
export const fetchTemplate = (id: number): Promise<SurveyTemplate> =>
  getJson(`surveyTemplates/${id}`, SurveyTemplate);

export async function saveTemplate(questionnaire: Questionnaire, id?: number): Promise<number> {
  const [method, path] =
    id === undefined ? (['post', 'surveyTemplates'] as const) : (['put', `surveyTemplates/${id}`] as const);
  const reply = await sendJson(method, path, { questionnaire }, Created, { context: { quiet: [400] } });
  return reply.id;
}

export async function retireTemplate(id: number): Promise<void> {
  await sendNoContent('delete', `surveyTemplates/${id}`);
}

export const fetchCards = (): Promise<SurveyCardList> => getJson('surveyCards', SurveyCardList);
export const fetchCard = (id: number): Promise<SurveyCardDetail> =>
  getJson(`surveyCards/${id}`, SurveyCardDetail, { context: { quiet: [404] } });

export async function createCard(body: CreateSurveyCardBody): Promise<number> {
  const reply = await sendJson('post', 'surveyCards', body, Created, { context: { quiet: [400] } });
  return reply.id;
}

export async function cancelCard(id: number): Promise<void> {
  await sendNoContent('put', `surveyCards/${id}/cancel`);
}

/** The caller's favourite patients, or those whose surname starts with `surname`. */
export function fetchPatients(surname: string): Promise<PatientList> {
  const query = surname.trim() ? `surname=${encodeURIComponent(surname.trim())}` : 'favorites=true';
  return getJson(`patients?${query}&max=30`, PatientList);
}
