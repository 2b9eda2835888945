import { and, asc, eq } from 'drizzle-orm';
import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionSummary,
  ResponseItem,
  SurveyCardDetail,
  SurveyCardResponse,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { patients, surveyAssignments, surveyCards, surveyTemplates, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { cardVisibleTo, selectCards, toCard } from './cards';
import { statusOf } from './status';
import { requireSurveyStaff } from './templates';
import { romeDate } from './today';

/** The texts shown per text question: the newest ones, enough to read, not a dump. */
const TEXTS_MAX = 100;

/** Per question over the submitted answers: counts per option, mean/min/max of numbers, the texts. */
export function summarize(questionnaire: Questionnaire, submitted: ResponseItem[][]): QuestionSummary[] {
  return questionnaire.item.map((item) => summaryOf(item, submitted));
}

function summaryOf(item: QuestionnaireItem, submitted: ResponseItem[][]): QuestionSummary {
  const answers = submitted.flatMap((items) => items.find((i) => i.linkId === item.linkId)?.answer ?? []);
  const answered = submitted.filter((items) => items.some((i) => i.linkId === item.linkId)).length;
  const base = { linkId: item.linkId, text: item.text, type: item.type, answered };
  switch (item.type) {
    case 'choice':
      return {
        ...base,
        choices: (item.answerOption ?? []).map(({ valueCoding }) => ({
          code: valueCoding.code,
          display: valueCoding.display ?? valueCoding.code,
          count: answers.filter((a) => 'valueCoding' in a && a.valueCoding.code === valueCoding.code).length,
        })),
      };
    case 'integer':
    case 'decimal': {
      const values = answers.flatMap((a) =>
        'valueInteger' in a ? [a.valueInteger] : 'valueDecimal' in a ? [a.valueDecimal] : [],
      );
      if (values.length === 0) return base;
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      return {
        ...base,
        numbers: { mean: Math.round(mean * 100) / 100, min: Math.min(...values), max: Math.max(...values) },
      };
    }
    case 'date':
    case 'string':
    case 'text':
      return {
        ...base,
        texts: answers
          .flatMap((a) => ('valueString' in a ? [a.valueString] : 'valueDate' in a ? [a.valueDate] : []))
          .slice(-TEXTS_MAX),
      };
  }
}

/** `GET /surveyCards/{id}`: every patient's state and answers, and the summary per question. */
export async function cardDetail(
  db: Database,
  user: UserRow,
  id: number,
  now: Date = new Date(),
): Promise<SurveyCardDetail> {
  requireSurveyStaff(user);
  const [row] = await selectCards(db).where(and(eq(surveyCards.id, id), cardVisibleTo(user)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  const [template] = await db
    .select({ questionnaire: surveyTemplates.questionnaire })
    .from(surveyTemplates)
    .where(eq(surveyTemplates.id, row.card.templateId));
  if (!template) throw new HttpError(404, 'NOT_FOUND');
  const rows = await db
    .select({ assignment: surveyAssignments, name: patients.name, surname: patients.surname })
    .from(surveyAssignments)
    .innerJoin(patients, eq(patients.mepiId, surveyAssignments.patientId))
    .where(eq(surveyAssignments.cardId, id))
    .orderBy(asc(patients.surname), asc(patients.name));
  const today = romeDate(now);
  const responses: SurveyCardResponse[] = rows.map(({ assignment, name, surname }) => {
    const status = statusOf(assignment.state, row.card.dueDate, today);
    return {
      id: assignment.id,
      patient: { id: assignment.patientId, displayName: `${name} ${surname}` },
      status,
      submittedAt: status === 'SUBMITTED' ? (assignment.closedAt?.toISOString() ?? null) : null,
      refusalReason: assignment.refusalReason,
      // Staff see submitted answers only: a draft is the patient's until they send it.
      items: status === 'SUBMITTED' ? (assignment.answers ?? []) : [],
    };
  });
  const submitted = responses.filter((r) => r.status === 'SUBMITTED').map((r) => r.items);
  return {
    card: toCard(row),
    questionnaire: template.questionnaire,
    responses,
    summary: summarize(template.questionnaire, submitted),
  };
}
