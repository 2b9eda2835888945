import { and, desc, eq, exists, isNull, sql } from 'drizzle-orm';
import {
  type Questionnaire,
  questionnaireProblems,
  type SurveyTemplate,
  type SurveyTemplateList,
  type SurveyTemplateSummary,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { surveyCards, surveyTemplates, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';

/** Templates one staff member may create in an hour: a loop or a script stops here. */
export const SURVEY_TEMPLATES_PER_HOUR = 60;
const TEMPLATE_LOCK = 0x73757274; // "surt"

/** Who builds templates and cards: physicians and operators (spec 6 "operator or physician"). */
export function requireSurveyStaff(user: UserRow): void {
  if (user.userType !== 'PHY' && user.userType !== 'OPT') throw new HttpError(403, 'ACCESS_DENIED');
}

const inUse = sql<boolean>`${exists(sql`(select 1 from ${surveyCards} where ${surveyCards.templateId} = ${surveyTemplates.id})`)}`;

function selectTemplates(db: Database) {
  return db
    .select({ template: surveyTemplates, createdBy: users.displayName, inUse })
    .from(surveyTemplates)
    .innerJoin(users, eq(users.id, surveyTemplates.createdByUserId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectTemplates>['execute']>>[number];

function toSummary(row: Row, user: UserRow): SurveyTemplateSummary {
  return {
    id: row.template.id,
    version: row.template.version,
    title: row.template.title,
    questionCount: row.template.questionnaire.item.length,
    createdBy: row.createdBy,
    createdAt: row.template.createdAt.toISOString(),
    inUse: row.inUse,
    mine: row.template.createdByUserId === user.id,
  };
}

/** `GET /surveyTemplates`: the current version of every template (a shared library of the staff). */
export async function listTemplates(db: Database, user: UserRow): Promise<SurveyTemplateList> {
  requireSurveyStaff(user);
  const rows = await selectTemplates(db)
    .where(isNull(surveyTemplates.retiredAt))
    .orderBy(desc(surveyTemplates.createdAt), desc(surveyTemplates.id))
    .limit(200);
  return { templates: rows.map((row) => toSummary(row, user)) };
}

/** `GET /surveyTemplates/{id}`: any version, retired ones too (the cards that used them show it). */
export async function getTemplate(db: Database, user: UserRow, id: number): Promise<SurveyTemplate> {
  requireSurveyStaff(user);
  const [row] = await selectTemplates(db).where(eq(surveyTemplates.id, id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return { ...toSummary(row, user), questionnaire: row.template.questionnaire };
}

function checkQuestionnaire(questionnaire: Questionnaire): Questionnaire {
  const problems = questionnaireProblems(questionnaire);
  if (problems.length > 0)
    throw new HttpError(
      400,
      'SURVEY_TEMPLATE_INVALID',
      problems.map((p) => ({ ...p, field: `questionnaire.${p.field}` })),
    );
  return { ...questionnaire, status: 'active' };
}

async function limitRate(tx: Database, user: UserRow, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_LOCK}, ${user.id})`);
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(surveyTemplates)
    .where(
      and(
        eq(surveyTemplates.createdByUserId, user.id),
        sql`${surveyTemplates.createdAt} > ${new Date(now.getTime() - 3_600_000)}`,
      ),
    );
  if ((recent?.n ?? 0) >= SURVEY_TEMPLATES_PER_HOUR)
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '3600' });
}

/** `POST /surveyTemplates`: a new template, version 1 of its own family. */
export async function createTemplate(
  db: Database,
  user: UserRow,
  questionnaire: Questionnaire,
  now: Date = new Date(),
): Promise<number> {
  requireSurveyStaff(user);
  const checked = checkQuestionnaire(questionnaire);
  return db.transaction(async (tx) => {
    await limitRate(tx, user, now);
    const [created] = await tx
      .insert(surveyTemplates)
      .values({
        family: sql`currval(pg_get_serial_sequence('survey_templates', 'id'))`,
        title: checked.title,
        questionnaire: checked,
        createdByUserId: user.id,
        createdAt: now,
      })
      .returning({ id: surveyTemplates.id });
    if (!created) throw new HttpError(500, 'INTERNAL');
    return created.id;
  });
}

/**
 * `PUT /surveyTemplates/{id}`: a template no card uses changes in place; a used one stays as it is (its
 * answers refer to it) and the edit becomes the next version. Only its author edits it; only the current
 * version can be edited (409 SURVEY_CLOSED otherwise, e.g. the loser of two parallel edits).
 */
export async function updateTemplate(
  db: Database,
  user: UserRow,
  id: number,
  questionnaire: Questionnaire,
  now: Date = new Date(),
): Promise<{ id: number }> {
  requireSurveyStaff(user);
  const checked = checkQuestionnaire(questionnaire);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ template: surveyTemplates, inUse })
      .from(surveyTemplates)
      .where(eq(surveyTemplates.id, id))
      .for('update');
    if (!row) throw new HttpError(404, 'NOT_FOUND');
    if (row.template.createdByUserId !== user.id) throw new HttpError(403, 'ACCESS_DENIED');
    if (row.template.retiredAt) throw new HttpError(409, 'SURVEY_CLOSED');
    if (!row.inUse) {
      await tx
        .update(surveyTemplates)
        .set({ title: checked.title, questionnaire: checked })
        .where(eq(surveyTemplates.id, id));
      return { id };
    }
    await tx.update(surveyTemplates).set({ retiredAt: now }).where(eq(surveyTemplates.id, id));
    const [created] = await tx
      .insert(surveyTemplates)
      .values({
        family: row.template.family ?? id,
        version: row.template.version + 1,
        title: checked.title,
        questionnaire: checked,
        createdByUserId: user.id,
        createdAt: now,
      })
      .returning({ id: surveyTemplates.id });
    if (!created) throw new HttpError(500, 'INTERNAL');
    return { id: created.id };
  });
}

/** `DELETE /surveyTemplates/{id}`: retired from the list; the cards that use it keep it. */
export async function retireTemplate(
  db: Database,
  user: UserRow,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  requireSurveyStaff(user);
  const [row] = await db.select().from(surveyTemplates).where(eq(surveyTemplates.id, id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  if (row.createdByUserId !== user.id) throw new HttpError(403, 'ACCESS_DENIED');
  await db
    .update(surveyTemplates)
    .set({ retiredAt: now })
    .where(and(eq(surveyTemplates.id, id), isNull(surveyTemplates.retiredAt)));
}
