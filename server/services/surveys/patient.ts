import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  checkResponse,
  type PatientSurvey,
  type PatientSurveyDetail,
  type PatientSurveyList,
  type QuestionnaireResponse,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { surveyAssignments, surveyCards, surveyTemplates, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { announceToPatients } from './live';
import { statusOf } from './status';
import { romeDate } from './today';

/** Only the patient's own account fills their surveys; guests and staff have none (a 404 says nothing). */
function ownPatient(user: UserRow): number | null {
  return user.userType === 'PAT' && user.patientId !== null ? user.patientId : null;
}

function selectSurveys(db: Database) {
  return db
    .select({
      assignment: surveyAssignments,
      dueDate: surveyCards.dueDate,
      title: surveyTemplates.title,
      questionnaire: surveyTemplates.questionnaire,
    })
    .from(surveyAssignments)
    .innerJoin(surveyCards, eq(surveyCards.id, surveyAssignments.cardId))
    .innerJoin(surveyTemplates, eq(surveyTemplates.id, surveyCards.templateId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectSurveys>['execute']>>[number];

function toSurvey(row: Row, today: string): PatientSurvey {
  return {
    id: row.assignment.id,
    title: row.title,
    dueDate: row.dueDate,
    status: statusOf(row.assignment.state, row.dueDate, today),
    questionCount: row.questionnaire.item.length,
    updatedAt: row.assignment.updatedAt?.toISOString() ?? null,
  };
}

/** `GET /surveys`: the patient's cards not cancelled, newest first (100 at most). */
export async function listSurveys(
  db: Database,
  user: UserRow,
  now: Date = new Date(),
): Promise<PatientSurveyList> {
  const patientId = ownPatient(user);
  if (patientId === null) return { surveys: [] };
  const rows = await selectSurveys(db)
    .where(and(eq(surveyAssignments.patientId, patientId), isNull(surveyCards.cancelledAt)))
    .orderBy(desc(surveyCards.createdAt), desc(surveyAssignments.id))
    .limit(100);
  const today = romeDate(now);
  return { surveys: rows.map((row) => toSurvey(row, today)) };
}

async function ownRow(db: Database, user: UserRow, id: number): Promise<Row> {
  const patientId = ownPatient(user);
  if (patientId === null) throw new HttpError(404, 'NOT_FOUND');
  const [row] = await selectSurveys(db).where(
    and(
      eq(surveyAssignments.id, id),
      eq(surveyAssignments.patientId, patientId),
      isNull(surveyCards.cancelledAt),
    ),
  );
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** `GET /surveys/{id}`: the template and the draft (or the submitted answers). */
export async function surveyDetail(
  db: Database,
  user: UserRow,
  id: number,
  now: Date = new Date(),
): Promise<PatientSurveyDetail> {
  const row = await ownRow(db, user, id);
  const survey = toSurvey(row, romeDate(now));
  const answers = row.assignment.answers;
  return {
    survey,
    questionnaire: row.questionnaire,
    response: answers
      ? {
          resourceType: 'QuestionnaireResponse',
          status: survey.status === 'SUBMITTED' ? 'completed' : 'in-progress',
          item: answers,
        }
      : null,
    refusalReason: row.assignment.refusalReason,
  };
}

/** Still open: not submitted or refused, card not cancelled, due date not past. */
function stillOpen(today: string): SQL {
  return and(
    inArray(surveyAssignments.state, ['TODO', 'DRAFT']),
    sql`exists (select 1 from ${surveyCards} where ${surveyCards.id} = ${surveyAssignments.cardId}
      and ${surveyCards.cancelledAt} is null and ${surveyCards.dueDate} >= ${today})`,
  ) as SQL;
}

type Change =
  | { state: 'DRAFT' | 'SUBMITTED'; response: QuestionnaireResponse }
  | { state: 'REFUSED'; reason: string };

/**
 * Saves a draft, submits or refuses. The answers are checked against the template (a draft for types,
 * codes and bounds; a submission also for the required questions shown); answers to hidden questions
 * are dropped. One conditional UPDATE decides: of parallel submissions one wins, the others 409.
 */
export async function changeSurvey(
  db: Database,
  user: UserRow,
  id: number,
  change: Change,
  now: Date = new Date(),
): Promise<void> {
  const row = await ownRow(db, user, id);
  let answers: QuestionnaireResponse['item'] | null = null;
  if (change.state !== 'REFUSED') {
    const status = change.state === 'SUBMITTED' ? 'completed' : 'in-progress';
    const checked = checkResponse(row.questionnaire, { ...change.response, status });
    if (checked.problems.length > 0)
      throw new HttpError(
        400,
        'BAD_REQUEST',
        checked.problems.map((p) => ({ ...p, field: `response.${p.field}` })),
      );
    answers = checked.items;
  }
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(surveyAssignments)
      .set({
        state: change.state,
        answers,
        refusalReason: change.state === 'REFUSED' ? change.reason : null,
        updatedAt: now,
        closedAt: change.state === 'DRAFT' ? null : now,
      })
      .where(and(eq(surveyAssignments.id, id), stillOpen(romeDate(now))))
      .returning({ cardId: surveyAssignments.cardId });
    if (!updated) throw new HttpError(409, 'SURVEY_CLOSED');
    if (change.state === 'DRAFT') return;
    const [card] = await tx
      .select({ by: surveyCards.createdByUserId })
      .from(surveyCards)
      .where(eq(surveyCards.id, updated.cardId));
    await announceToPatients(tx, [row.assignment.patientId], card ? [card.by] : []);
  });
}

/** The surveys notification count: the patient's cards still open. */
export async function surveyNotificationCount(
  db: Database,
  user: UserRow,
  now: Date = new Date(),
): Promise<number> {
  const patientId = ownPatient(user);
  if (patientId === null) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(surveyAssignments)
    .where(and(eq(surveyAssignments.patientId, patientId), stillOpen(romeDate(now))));
  return row?.n ?? 0;
}
