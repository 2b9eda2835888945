import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * One-time codes sent by SMS: signature, strong login, PIN reset. Only a hash is kept; `binding` ties
 * a signature code to its ceremony and the digest of its documents.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'sign', 'sign-patient', 'login', 'pin-reset', 'step-up'. */
    purpose: text('purpose').notNull(),
    binding: text('binding').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_idx').on(table.userId, table.purpose, table.createdAt)],
);
