import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { auditLog } from './audit';
import { users } from './people';

/**
 * A patient's report of an access they do not recognise: one per audit row (the unique key makes
 * parallel reports one), answered and closed by the privacy officer.
 */
export const accessDisputes = pgTable(
  'access_disputes',
  {
    id: serial('id').primaryKey(),
    auditId: bigint('audit_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => auditLog.id),
    patientId: integer('patient_id').notNull(),
    reportedBy: integer('reported_by')
      .notNull()
      .references(() => users.id),
    comment: text('comment'),
    /** OPEN, JUSTIFIED or VIOLATION. */
    state: text('state').notNull().default('OPEN'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    index('access_disputes_patient').on(table.patientId),
    index('access_disputes_state').on(table.state, table.createdAt),
  ],
);
