import { inArray, sql } from 'drizzle-orm';
import type { Questionnaire } from '../../../src/contract';
import type { Database } from '../client';
import { surveyAssignments, surveyCards, surveyTemplates, users } from '../schema';
import { demoQuestionnaire } from './surveys.data';

/** One template by dott.ferrari and one card of it for mario.rossi, due in 30 days, so /surveys has something. */
export async function seedSurveys(db: Database): Promise<void> {
  const rows = await db
    .select({ id: users.id, username: users.username, patientId: users.patientId })
    .from(users)
    .where(inArray(users.username, ['dott.ferrari', 'mario.rossi']));
  const physician = rows.find((row) => row.username === 'dott.ferrari');
  const patient = rows.find((row) => row.username === 'mario.rossi');
  if (!physician || !patient?.patientId) return;
  const questionnaire: Questionnaire = demoQuestionnaire;
  const [template] = await db
    .insert(surveyTemplates)
    .values({
      family: sql`currval(pg_get_serial_sequence('survey_templates', 'id'))`,
      title: questionnaire.title,
      questionnaire,
      createdByUserId: physician.id,
    })
    .returning({ id: surveyTemplates.id });
  if (!template) return;
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const [card] = await db
    .insert(surveyCards)
    .values({ templateId: template.id, dueDate: due, createdByUserId: physician.id })
    .returning({ id: surveyCards.id });
  if (card) await db.insert(surveyAssignments).values({ cardId: card.id, patientId: patient.patientId });
}
