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
import { documents } from './documents';
import { patients, users } from './people';

/**
 * Rehabilitation plans (PAIR). `exercises` and `thresholds` hold the contract's shapes with codes only
 * (no code-system URIs). Status transitions: docs/decisions.md ("PAIR"); EXPIRED is also computed on read.
 */
export const pairPlans = pgTable(
  'pair_plans',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** DRAFT, ACTIVE, EXPIRED, CLOSED, REPLACED. */
    status: text('status').notNull().default('DRAFT'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    stopDate: date('stop_date', { mode: 'string' }).notNull(),
    exercises: jsonb('exercises').notNull(),
    thresholds: jsonb('thresholds').notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    closingDate: date('closing_date', { mode: 'string' }),
    closingReason: text('closing_reason'),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** The ACTIVE plan this one replaced when it was signed. */
    replacesId: integer('replaces_id'),
    /** When the patient first opened the signed plan ("Cosa ti aspetta" announces it until then). */
    patientSeenAt: timestamp('patient_seen_at', { withTimezone: true }),
  },
  (table) => [
    index('pair_plans_patient').on(table.patientId, table.createdAt),
    // One ACTIVE plan per patient, held by the database under parallel signatures.
    uniqueIndex('pair_plans_one_active').on(table.patientId).where(sql`status = 'ACTIVE'`),
  ],
);

/** PRIpri monitoring sessions of a plan: the measured indices of one day. */
export const pripriSessions = pgTable(
  'pripri_sessions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => pairPlans.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    sessionDate: date('session_date', { mode: 'string' }).notNull(),
    measures: jsonb('measures').notNull(),
    recordedByUserId: integer('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('pripri_sessions_plan_day').on(table.planId, table.sessionDate)],
);
