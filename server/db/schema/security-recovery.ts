import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * A forgotten-password reset in progress, one row per identifier given at the IdP, bound to the login
 * interaction it was started from. `userId` is null when the identifier named nobody who can receive an
 * SMS: the row is written all the same, so a known and an unknown user cost the same work. `stage` moves
 * forward by single conditional updates only ('code' → 'factor' for staff → 'password' → 'done'), so of
 * parallel requests exactly one moves it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    /** The login interaction's uid: the reset goes on only in the browser that started it. */
    binding: text('binding').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The failure counters' key: the account (`user:<id>`) when the identifier named one, else the
     * identifier itself, so both ways of naming one account share one limit.
     */
    limitKey: text('limit_key').notNull(),
    stage: text('stage').notNull().default('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The whole reset must be done by then: the code's 10 minutes, renewed once the code is right. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_binding_idx').on(table.binding, table.id)],
);

/**
 * What happened to an account's credentials, for the audit: a password reset, an authenticator replaced.
 * Append-only by use; the patient-access audit (`audit_log`) is about a patient's data, these rows are
 * about the account itself.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PASSWORD_RESET, AUTHENTICATOR_REPLACED. */
    event: text('event').notNull(),
    /** The client address the request came from. */
    address: text('address'),
    /** E.g. what the reset ended: "grants=2 devices=1 push=0". */
    detail: text('detail'),
  },
  (table) => [index('security_events_user_at_idx').on(table.userId, table.at)],
);
