import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * Every account switch asked for, granted or refused: who (the user of the token that asked), from which
 * account to which (the opaque account ids of `GET /account/accounts`), and why a refusal. Append-only
 * by use: only `services/accounts/audit.ts` writes it.
 */
export const accountSwitches = pgTable(
  'account_switches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    /** ALLOWED, or the refusal: NOT_FOUND, STRONG_LOGIN_REQUIRED, CONFLICT. */
    outcome: text('outcome').notNull(),
  },
  (table) => [index('account_switches_user_at_idx').on(table.userId, table.at)],
);
