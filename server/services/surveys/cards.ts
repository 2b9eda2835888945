import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CreateSurveyCardBody, SurveyCard, SurveyCardList } from '../../../src/contract';
import type { Database } from '../../db/client';
import {
  consents,
  projectMembers,
  projects,
  surveyAssignments,
  surveyCards,
  surveyTemplates,
  type UserRow,
  users,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import { hasDossierConsent } from '../access/gate';
import { careRelation } from '../conferences/relation';
import { projectConsentsInForce } from '../consents/in-project';
import { queuePatientNotification } from '../notify/outbox';
import { isProjectMember } from '../projects/read';
import { announceToPatients } from './live';
import { requireSurveyStaff } from './templates';
import { romeDate } from './today';

/** Cards one staff member may create in an hour. */
export const SURVEY_CARDS_PER_HOUR = 30;
const CARD_LOCK = 0x73757263; // "surc"

/** The cards a staff member sees: the ones they made, and those of the projects they run. */
export function cardVisibleTo(user: UserRow): SQL {
  return or(
    eq(surveyCards.createdByUserId, user.id),
    inArray(
      surveyCards.projectId,
      sql`(select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${user.id})`,
    ),
  ) as SQL;
}

const counted = (state: string) =>
  sql<number>`(select count(*)::int from ${surveyAssignments} where ${surveyAssignments.cardId} = ${surveyCards.id} and ${surveyAssignments.state} = ${state})`;

export function selectCards(db: Database) {
  return db
    .select({
      card: surveyCards,
      title: surveyTemplates.title,
      projectName: projects.name,
      createdBy: users.displayName,
      assigned: sql<number>`(select count(*)::int from ${surveyAssignments} where ${surveyAssignments.cardId} = ${surveyCards.id})`,
      submitted: counted('SUBMITTED'),
      refused: counted('REFUSED'),
    })
    .from(surveyCards)
    .innerJoin(surveyTemplates, eq(surveyTemplates.id, surveyCards.templateId))
    .innerJoin(users, eq(users.id, surveyCards.createdByUserId))
    .leftJoin(projects, eq(projects.id, surveyCards.projectId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

export function toCard(row: Row): SurveyCard {
  const c = row.card;
  return {
    id: c.id,
    templateId: c.templateId,
    title: row.title,
    project:
      c.projectId !== null && row.projectName !== null ? { id: c.projectId, name: row.projectName } : null,
    dueDate: c.dueDate,
    createdBy: row.createdBy,
    createdAt: c.createdAt.toISOString(),
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
    assigned: row.assigned,
    submitted: row.submitted,
    refused: row.refused,
  };
}

/** `GET /surveyCards`: the caller's cards, newest first (at most 100). */
export async function listCards(db: Database, user: UserRow): Promise<SurveyCardList> {
  requireSurveyStaff(user);
  const rows = await selectCards(db)
    .where(cardVisibleTo(user))
    .orderBy(desc(surveyCards.createdAt), desc(surveyCards.id))
    .limit(100);
  return { cards: rows.map(toCard) };
}

/** Patients under the caller's care with the dossier consent, as a conference requires; any other is a 404. */
async function checkPatients(
  db: Database,
  user: UserRow,
  patientIds: number[],
  now: Date,
): Promise<number[]> {
  const unique = [...new Set(patientIds)];
  for (const patientId of unique) {
    const [related] = await db
      .select({ yes: sql<boolean>`${careRelation(user, patientId, now)}` })
      .from(users)
      .where(eq(users.id, user.id));
    if (!related?.yes || !(await hasDossierConsent(db, patientId, now)))
      throw new HttpError(404, 'NOT_FOUND');
  }
  return unique;
}

/** A project's participants now: the card goes to them (someone who joins later does not get it). */
async function projectParticipants(
  db: Database,
  user: UserRow,
  projectId: number,
  now: Date,
): Promise<number[]> {
  if (!(await isProjectMember(db, user, projectId))) throw new HttpError(403, 'PROJECT_NOT_MEMBER');
  const rows = await db
    .selectDistinct({ patientId: consents.patientId })
    .from(consents)
    // The rule of "takes part now" is shared; each row is checked against its own patient.
    .where(and(eq(consents.projectId, projectId), projectConsentsInForce(sql`(${consents.patientId})`, now)));
  if (rows.length === 0) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'projectId', code: 'invalid' }]);
  return rows.map((row) => row.patientId);
}

/** `POST /surveyCards`: checks, then the card and one assignment per patient, in one transaction. */
export async function createCard(
  db: Database,
  user: UserRow,
  body: CreateSurveyCardBody,
  now: Date = new Date(),
): Promise<number> {
  requireSurveyStaff(user);
  if (body.dueDate < romeDate(now))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'dueDate', code: 'outOfRange' }]);
  const [template] = await db
    .select({ retiredAt: surveyTemplates.retiredAt })
    .from(surveyTemplates)
    .where(eq(surveyTemplates.id, body.templateId));
  if (!template) throw new HttpError(404, 'NOT_FOUND');
  if (template.retiredAt) throw new HttpError(409, 'SURVEY_CLOSED');
  const patientIds =
    body.projectId !== undefined
      ? await projectParticipants(db, user, body.projectId, now)
      : await checkPatients(db, user, body.patientIds ?? [], now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CARD_LOCK}, ${user.id})`);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(surveyCards)
      .where(
        and(
          eq(surveyCards.createdByUserId, user.id),
          sql`${surveyCards.createdAt} > ${new Date(now.getTime() - 3_600_000)}`,
        ),
      );
    if ((recent?.n ?? 0) >= SURVEY_CARDS_PER_HOUR)
      throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '3600' });
    const [card] = await tx
      .insert(surveyCards)
      .values({
        templateId: body.templateId,
        projectId: body.projectId ?? null,
        dueDate: body.dueDate,
        createdByUserId: user.id,
        createdAt: now,
      })
      .returning({ id: surveyCards.id });
    if (!card) throw new HttpError(500, 'INTERNAL');
    await tx
      .insert(surveyAssignments)
      .values(patientIds.map((patientId) => ({ cardId: card.id, patientId })));
    await announceToPatients(tx, patientIds, [user.id]);
    await queuePatientNotification(tx, { patientIds, event: 'SURVEY_SENT', link: '/surveys', now });
    return card.id;
  });
}

/** `PUT /surveyCards/{id}/cancel`: the patients no longer see it; answers already given stay. */
export async function cancelCard(
  db: Database,
  user: UserRow,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  requireSurveyStaff(user);
  const [card] = await db
    .select({ id: surveyCards.id })
    .from(surveyCards)
    .where(and(eq(surveyCards.id, id), cardVisibleTo(user)));
  if (!card) throw new HttpError(404, 'NOT_FOUND');
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(surveyCards)
      .set({ cancelledAt: now })
      .where(and(eq(surveyCards.id, id), isNull(surveyCards.cancelledAt)))
      .returning({ id: surveyCards.id });
    if (!updated) throw new HttpError(409, 'SURVEY_CLOSED');
    const patients = await tx
      .select({ patientId: surveyAssignments.patientId })
      .from(surveyAssignments)
      .where(eq(surveyAssignments.cardId, id));
    await announceToPatients(
      tx,
      patients.map((p) => p.patientId),
      [user.id],
    );
  });
}
