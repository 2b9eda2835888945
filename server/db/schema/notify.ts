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
  /** OFF, EVERYONE or OUTSIDE_CARE_TEAM: a patient's access alerts (services/access-alerts). */
  accessAlerts: text('access_alerts').notNull().default('OFF'),
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
    /** Set once when the row's SMS fallback was decided (sent or refused by the cap): never a second SMS. */
    smsFallbackAt: timestamp('sms_fallback_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_outbox_due').on(table.status, table.dueAt),
    index('notification_outbox_user').on(table.userId, table.status),
  ],
);

/** The portal's VAPID key pair, made at first start and kept: subscriptions are bound to its public key. */
export const pushKeys = pgTable('push_keys', {
  name: text('name').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One Web Push subscription per device (its endpoint); the language is the device's. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last push the service worker said it showed: a device silent for long falls back to SMS. */
    lastShownAt: timestamp('last_shown_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The first push the service took that no acknowledgement has covered yet; null when all are shown. */
    unackedSince: timestamp('unacked_since', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user').on(table.userId)],
);
