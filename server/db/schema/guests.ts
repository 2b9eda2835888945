import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { patients, users } from './people';

/**
 * A patient's authorised person: a GUE user who may reach the documents shared with them, and what the
 * rights allow, until the deadline. Every request of a guest checks this row (not the token), so a
 * revocation or an expiry takes effect at once.
 */
export const guests = pgTable(
  'guests',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    guestUserId: integer('guest_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mate, parent, son, otherFamily, other: also the obscuring audience the guest belongs to. */
    relationship: text('relationship').notNull(),
    /** A code of `/guests/accessTitles`. */
    accessTitle: text('access_title').notNull(),
    /** Subset of chat, download, project, dossier, messaging. */
    rights: text('rights').array().notNull().default(sql`'{}'::text[]`),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('guests_patient_idx').on(table.patientId),
    uniqueIndex('guests_live_pair_idx')
      .on(table.patientId, table.guestUserId)
      .where(sql`${table.revokedAt} is null`),
  ],
);

/** The documents shared with a guest. */
export const guestDocuments = pgTable(
  'guest_documents',
  {
    guestId: integer('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.guestId, table.documentId] }),
    index('guest_documents_document_idx').on(table.documentId),
  ],
);
