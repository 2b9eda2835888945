import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patients } from './people';

/**
 * Consents a patient has given, refused or been invited to. The foundation only reads the dossier
 * consent (code from `utilities.mdMkConsensusDossierCode`); the consents issue extends this table.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    consentCode: text('consent_code').notNull(),
    statusCode: text('status_code').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consents_patient_idx').on(table.patientId, table.consentCode)],
);
