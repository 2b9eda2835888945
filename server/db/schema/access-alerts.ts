import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * How far the access-alert sweep has read the audit trail (one row, `audit`). The sweep locks it
 * (FOR UPDATE SKIP LOCKED): one process at a time, and each audit row is considered once.
 */
export const accessAlertWatermark = pgTable('access_alert_watermark', {
  name: text('name').primaryKey(),
  lastAuditId: bigint('last_audit_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last alert per patient and reader: one person going through several documents over a few
 * minutes makes one alert, not one per sweep.
 */
export const accessAlertsSent = pgTable(
  'access_alerts_sent',
  {
    patientId: integer('patient_id').notNull(),
    readerId: integer('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.patientId, table.readerId] })],
);
