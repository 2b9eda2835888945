import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { pushSubscriptions } from './notify';
import { users } from './people';

/**
 * What the embedded IdP knows of each grant (an active session): the browser it was granted to and its
 * first and last use. The grant itself lives in `oidc_payloads`; a row whose grant is gone is history
 * and goes at the user's first login 90 days after its last use.
 */
export const securitySessions = pgTable(
  'security_sessions',
  {
    grantId: text('grant_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Parsed server-side from the User-Agent at login, e.g. "Chrome 131" and "Android 14". */
    browser: text('browser').notNull(),
    system: text('system').notNull(),
    /** The remembered device (`trusted_devices.token_hash`) the browser held at login, if any. */
    trustedDeviceHash: text('trusted_device_hash'),
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('security_sessions_user_idx').on(table.userId, table.lastUsedAt)],
);

/** The browsers (family and system, no versions) each user logged in from: a new one earns a notice. */
export const securitySeenBrowsers = pgTable(
  'security_seen_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser: text('browser').notNull(),
    system: text('system').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.browser, table.system] })],
);

/** The account's own audit trail of revocations (allowed and refused): the patient audit needs a patient. */
export const securityDeviceEvents = pgTable(
  'security_device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** REVOKE_SESSION, REVOKE_REMEMBERED, REVOKE_PUSH, SIGN_OUT_EVERYWHERE. */
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
  },
  (table) => [index('security_device_events_user_idx').on(table.userId, table.at)],
);

/** The browser that subscribed a push device (the subscription itself says only which push service). */
export const securityPushAgents = pgTable('security_push_agents', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
  browser: text('browser').notNull(),
  system: text('system').notNull(),
});
