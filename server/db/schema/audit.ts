import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * Every read (and refused attempt) of patient data: the treatment history a patient reads. Append-only:
 * a trigger in the migration refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    userRole: text('user_role').notNull(),
    userName: text('user_name').notNull(),
    accessTitle: text('access_title').notNull(),
    patientId: integer('patient_id').notNull(),
    /** The activity code (PATIENT_READ, DOCUMENT_LIST, DOCUMENT_VIEW, …), listed by `/activities`. */
    activity: text('activity').notNull(),
    documentId: integer('document_id'),
    documentTypeCode: text('document_type_code'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    /** The third-party app (SMART) that made the read, by its registered name; null for the portal. */
    appName: text('app_name'),
  },
  (table) => [index('audit_log_patient_at_idx').on(table.patientId, table.at)],
);
