import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';
import { bytea } from './signing';

/**
 * A user's WebAuthn credentials (passkeys). `credentialId` is the base64url id the authenticator chose,
 * unique across users (WebAuthn L3 §7.1 step 25: a credential id registered to another user is refused).
 * `userHandle` is the random user.id sent at registration (no personal data, §14.6.1): the same for every
 * passkey of a user, so an authenticator replaces rather than duplicates. `counter` only grows; a
 * signature counter that goes backwards is refused (§6.1.1).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    /** Multi-device credential (synced passkey) and whether it is backed up now (BE, BS flags). */
    backupEligible: boolean('backup_eligible').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/**
 * Challenges handed out and not yet answered: single use (deleted when an answer is checked) and short
 * lived, shared by every process. `purpose` keeps a registration's challenge out of a login;
 * `userId` binds it to the signed-in user (registration, step-up, second factor), `binding` to the
 * login interaction.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login', 'stepUp'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    binding: text('binding'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_challenges_expiry_idx').on(table.expiresAt)],
);
