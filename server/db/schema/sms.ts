import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/** Every SMS the portal sends; a pluggable sender delivers them (the embedded default only records). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status').notNull().default('QUEUED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('sms_outbox_created_idx').on(table.createdAt)],
);
