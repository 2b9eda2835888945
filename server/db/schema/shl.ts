import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patients, users } from './people';

/**
 * SMART Health Links the patient (or a guest with the download right) made. The files are encrypted when
 * the link is made, under a key that leaves in the link and is never stored: the server keeps only
 * ciphertext. `manifestId` is the 43-character random path segment of the manifest URL (256 bits).
 */
export const shlLinks = pgTable(
  'shl_links',
  {
    id: serial('id').primaryKey(),
    manifestId: text('manifest_id').notNull().unique(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** scrypt hash of the passcode (services/password.ts); null when the link has none. */
    passcodeHash: text('passcode_hash'),
    /** Wrong passcodes left in the link's whole life; at 0 the link is dead. */
    remainingAttempts: integer('remaining_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the link shares, for the list: the summary and how many documents. */
    withSummary: boolean('with_summary').notNull(),
    documentCount: integer('document_count').notNull(),
  },
  (table) => [index('shl_links_patient_idx').on(table.patientId, table.createdAt)],
);

/** A link's files: compact JWE (dir, A256GCM) under the link's key. */
export const shlFiles = pgTable(
  'shl_files',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => shlLinks.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    jwe: text('jwe').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shl_files_link_idx').on(table.linkId)],
);

/** Each successful manifest request: who said they were opening it, and when. */
export const shlOpens = pgTable(
  'shl_opens',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => shlLinks.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shl_opens_link_idx').on(table.linkId, table.openedAt)],
);
