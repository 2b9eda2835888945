import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/** What each user wants to be told, and how often (spec 3 "Notification preferences"). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  frequency: text('frequency').notNull(),
  events: text('events').array().notNull(),
  important: text('important').array().notNull(),
  reminderDays: integer('reminder_days').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per user and event, written by the code that causes the event, in its transaction. The
 * dispatcher claims rows whose `dueAt` has come (PENDING → SENDING → SENT), alone or grouped into a
 * digest; `dueAt` follows the user's frequency and moves when the frequency changes.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The portal path a tap opens (never clinical content). */
    link: text('link').notNull(),
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_outbox_due').on(table.status, table.dueAt),
    index('notification_outbox_user').on(table.userId, table.status),
  ],
);
