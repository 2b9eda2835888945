import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { surveyAssignments, surveyCards, surveyTemplates, type UserRow } from '../../../db/schema';
import { cardVisibleTo } from '../../surveys/cards';
import { statusOf } from '../../surveys/status';
import { romeDate } from '../../surveys/today';
import { questionnaireResponseOf } from '../questionnaire-responses';
import { restEntry } from '../systems';
import { type Source, totalOver, withLastUpdated } from './source';

/** When the answers last changed: the draft's save or the submission. */
const authored =
  sql`coalesce(${surveyAssignments.updatedAt}, ${surveyAssignments.closedAt}, ${surveyCards.createdAt})`.mapWith(
    surveyCards.createdAt,
  );

/**
 * Whose answers the caller sees, as the surveys area shows them: the patient their own, drafts included, of
 * cards not cancelled (`GET /surveys`); physicians and operators the sent answers of the cards they made or
 * their projects' (`GET /surveyCards/{id}`: a draft is the patient's until sent); nobody else any.
 */
function answersShownTo(user: UserRow): SQL | null {
  switch (user.userType) {
    case 'PAT':
      return isNull(surveyCards.cancelledAt);
    case 'PHY':
    case 'OPT':
      return and(eq(surveyAssignments.state, 'SUBMITTED'), cardVisibleTo(user)) as SQL;
    default:
      return null;
  }
}

/** The patient's answered surveys (a draft or sent answers) as QuestionnaireResponse. */
export const questionnaireResponseSource: Source = {
  idPrefix: '',
  dates: { authored, _lastUpdated: authored },
  tokens: {},
  idIs: (id) => eq(surveyAssignments.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: surveyAssignments.patientId })
      .from(surveyAssignments)
      .where(eq(surveyAssignments.id, id))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const shown = answersShownTo(context.user);
    if (!shown) return { found: [], total: 0 };
    const rows = await context.db
      .select({
        assignment: surveyAssignments,
        dueDate: surveyCards.dueDate,
        template: {
          id: surveyTemplates.id,
          family: surveyTemplates.family,
          version: surveyTemplates.version,
          questionnaire: surveyTemplates.questionnaire,
        },
        authored,
        total: totalOver,
      })
      .from(surveyAssignments)
      .innerJoin(surveyCards, eq(surveyCards.id, surveyAssignments.cardId))
      .innerJoin(surveyTemplates, eq(surveyTemplates.id, surveyCards.templateId))
      .where(
        and(
          eq(surveyAssignments.patientId, context.patientId),
          inArray(surveyAssignments.state, ['DRAFT', 'SUBMITTED']),
          isNotNull(surveyAssignments.answers),
          shown,
          ...where,
        ),
      )
      .orderBy(desc(authored), desc(surveyAssignments.id))
      .limit(limit);
    const today = romeDate(new Date());
    const mapping = { ...context.mapping, base: context.base };
    const found = rows.map((row) => {
      const survey = {
        status: statusOf(row.assignment.state, row.dueDate, today),
        answers: row.assignment.answers ?? [],
        template: row.template,
        authored: row.authored,
      };
      const entry = restEntry('QuestionnaireResponse', row.assignment.id);
      return {
        resource: withLastUpdated(questionnaireResponseOf(survey, entry, mapping), row.authored),
        sortAt: row.authored,
      };
    });
    return { found, total: rows[0]?.total ?? 0 };
  },
};
