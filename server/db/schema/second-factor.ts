import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { bytea } from './signing';

/**
 * Staff's authenticator (TOTP, RFC 6238), one per user. The secret is sealed with the server's
 * key-encryption key (as the signing keys are); `confirmedAt` is null while the enrolment waits for
 * its first code. `lastUsedStep` refuses a code used once, in every process; `failedAttempts` in its
 * 15-minute window is the code step's own lockout, changed by single statements only.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  encryptedSecret: bytea('encrypted_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  attemptsWindowStartedAt: timestamp('attempts_window_started_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
