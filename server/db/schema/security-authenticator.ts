import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { bytea } from './signing';

/**
 * A new authenticator key waiting for its first code (re-enrolment from the account page), one per user,
 * sealed like `totp_factors.encrypted_secret`. The confirmed factor in `totp_factors` is left alone, and
 * keeps working, until this key's first code is right; then one statement moves it there.
 */
export const totpReenrolments = pgTable('totp_reenrolments', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  encryptedSecret: bytea('encrypted_secret').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
