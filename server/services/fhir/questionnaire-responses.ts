import type {
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import type { Questionnaire, ResponseItem, SurveyStatus } from '../../../src/contract';
import { type EntryId, type MappingContext, referenceTo } from './systems';

/**
 * Sent answers are completed, a draft in progress; a draft left past the card's due date can no longer
 * change: stopped ("partially filled out … abandoned"). A survey not begun or refused has no answers.
 */
const statuses = {
  SUBMITTED: 'completed',
  DRAFT: 'in-progress',
  EXPIRED: 'stopped',
  TODO: 'in-progress',
  REFUSED: 'stopped',
} as const satisfies Record<SurveyStatus, QuestionnaireResponse['status']>;

export interface AnsweredSurvey {
  /** As the patient's list shows it (survey/status.ts): EXPIRED for a draft past its due date. */
  status: SurveyStatus;
  answers: ResponseItem[];
  /** The template's version as the patient saw it. */
  template: { id: number; family: number | null; version: number; questionnaire: Questionnaire };
  authored: Date;
}

/**
 * The template's canonical URL: its family (the first version's id) under the endpoint's Questionnaire,
 * and the version, as FHIR writes a versioned canonical (`url|version`). The portal does not serve the
 * Questionnaire itself yet: the URL names it, as a canonical may without resolving.
 */
export const questionnaireCanonical = (base: string, template: AnsweredSurvey['template']): string =>
  `${base}/Questionnaire/${template.family ?? template.id}|${template.version}`;

/** An answer as FHIR writes it; a chosen option with the template's system and display. */
function answerOf(
  value: ResponseItem['answer'][number],
  options: { valueCoding: { system?: string; code: string; display?: string } }[],
): QuestionnaireResponseItemAnswer {
  if (!('valueCoding' in value)) return value;
  const option = options.find((candidate) => candidate.valueCoding.code === value.valueCoding.code);
  return { valueCoding: { ...value.valueCoding, ...option?.valueCoding } };
}

/**
 * A patient's answers to a survey (QuestionnaireResponse): each answered question with its linkId, the
 * question's text and its answers typed as the question (coding, integer, decimal, date, string); the
 * patient is subject and author.
 */
export function questionnaireResponseOf(
  survey: AnsweredSurvey,
  entry: EntryId,
  context: MappingContext & { base: string },
): QuestionnaireResponse {
  const questions = survey.template.questionnaire.item;
  const items = survey.answers.flatMap((answer): QuestionnaireResponseItem[] => {
    const question = questions.find((item) => item.linkId === answer.linkId);
    const values = answer.answer.map((value) => answerOf(value, question?.answerOption ?? []));
    if (values.length === 0) return [];
    return [{ linkId: answer.linkId, ...(question ? { text: question.text } : {}), answer: values }];
  });
  return {
    resourceType: 'QuestionnaireResponse',
    id: entry.id,
    questionnaire: questionnaireCanonical(context.base, survey.template),
    status: statuses[survey.status],
    subject: referenceTo(context.patient),
    authored: survey.authored.toISOString(),
    author: referenceTo(context.patient),
    ...(items.length > 0 ? { item: items } : {}),
  };
}
