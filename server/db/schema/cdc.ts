import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Context sharing (spec 2 and 4): another hospital application opens the portal for a staff user on a
 * patient. `cdc_keys` keeps the demo launcher's signing key (made at the first start, like the VAPID keys);
 * in production the hospital application's public keys come from CDC_LAUNCHER_JWKS instead.
 */
export const cdcKeys = pgTable('cdc_keys', {
  name: text('name').primaryKey(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The `jti` of every launch token redeemed: the primary key makes a token usable once, across processes.
 * Rows outlive the token's expiry only briefly (swept), since an expired token is refused anyway.
 */
export const cdcUsedLaunches = pgTable(
  'cdc_used_launches',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cdc_used_launches_expiry').on(table.expiresAt)],
);

/**
 * A context session made by the launcher (`/mecdc?id=`): 128-bit random id, one use, short-lived.
 * `page` is a portal path from the allow-list; `subject` the staff user's subject.
 */
export const cdcContexts = pgTable(
  'cdc_contexts',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    patientId: text('patient_id').notNull(),
    page: text('page').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cdc_contexts_expiry').on(table.expiresAt)],
);
