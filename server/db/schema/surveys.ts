import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Questionnaire, ResponseItem } from '../../../src/contract';
import { patients, users } from './people';
import { projects } from './projects';

/**
 * Survey templates: a FHIR Questionnaire each (decisions.md, surveys). A template a card uses is never
 * changed: editing it inserts the next version of the same `family` and retires this one.
 */
export const surveyTemplates = pgTable(
  'survey_templates',
  {
    id: serial('id').primaryKey(),
    /** The id of the first version: every version of one template shares it. */
    family: integer('family'),
    version: integer('version').notNull().default(1),
    title: text('title').notNull(),
    questionnaire: jsonb('questionnaire').$type<Questionnaire>().notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    // One current version per family: two parallel edits of a used template cannot both make one.
    uniqueIndex('survey_templates_one_current').on(table.family).where(sql`retired_at is null`),
  ],
);

/** A template given to some patients or to a project's participants, due on a date. */
export const surveyCards = pgTable(
  'survey_cards',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => surveyTemplates.id),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [index('survey_cards_created_by').on(table.createdByUserId, table.createdAt)],
);

/**
 * One patient's copy of a card: TODO, DRAFT (answers kept on the server), SUBMITTED or REFUSED; EXPIRED
 * is not stored, it is "not closed and past the due date".
 */
export const surveyAssignments = pgTable(
  'survey_assignments',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => surveyCards.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    state: text('state').notNull().default('TODO'),
    /** QuestionnaireResponse items: the draft, then the submitted answers (only the questions shown). */
    answers: jsonb('answers').$type<ResponseItem[]>(),
    refusalReason: text('refusal_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('survey_assignments_card_patient').on(table.cardId, table.patientId),
    index('survey_assignments_patient').on(table.patientId, table.state),
  ],
);
