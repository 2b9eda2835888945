import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * Third-party apps (SMART App Launch) the administrators registered: the embedded identity provider finds
 * its clients here, beside the portal itself. A confidential app authenticates with `client_secret_basic`;
 * the provider compares the secret as given, so it is kept as issued (shown once to the administrator).
 */
export const smartApps = pgTable('smart_apps', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  name: text('name').notNull(),
  /** Exact redirect URIs, as OAuth compares them. */
  redirectUris: text('redirect_uris').array().notNull(),
  confidential: boolean('confidential').notNull(),
  clientSecret: text('client_secret'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** A disabled app's tokens stop working and it cannot start a new authorization. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});
