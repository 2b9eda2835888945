import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patients, units, users } from './people';

/** Document types with their descriptions; `viewableByPatient` false means "not readable" for the patient side. */
export const documentTypes = pgTable('document_types', {
  code: text('code').primaryKey(),
  descIt: text('desc_it').notNull(),
  descEn: text('desc_en').notNull(),
  viewableByPatient: boolean('viewable_by_patient').notNull().default(true),
});

/**
 * Clinical documents. The PDF itself is rendered on demand from `content` (deterministic), so the demo
 * needs no blob store; a hospital's own archive would sit behind the same columns.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    documentTypeCode: text('document_type_code')
      .notNull()
      .references(() => documentTypes.code),
    provenanceUnitId: integer('provenance_unit_id')
      .notNull()
      .references(() => units.id),
    locationCode: text('location_code').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** ONLINE, OFFLINE, RESTORING, ERROR, NOT_READABLE (spec section 4). */
    status: text('status').notNull().default('ONLINE'),
    restoreRequestedAt: timestamp('restore_requested_at', { withTimezone: true }),
    accessionNumber: text('accession_number'),
    obscuring: jsonb('obscuring').notNull(),
    version: integer('version').notNull().default(1),
    /** The version this one replaces; the chain gives `previousVersions`. */
    previousVersionId: integer('previous_version_id'),
    /** True when a newer version replaces this one: lists show only current versions. */
    superseded: boolean('superseded').notNull().default(false),
    pageCount: integer('page_count').notNull().default(1),
    authorName: text('author_name').notNull(),
    /** The portal user who wrote it, when known: obscuring never hides a document from its author. */
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    content: jsonb('content').notNull(),
  },
  (table) => [
    index('documents_patient_created_idx').on(table.patientId, table.createdAt),
    index('documents_patient_type_idx').on(table.patientId, table.documentTypeCode),
    index('documents_accession_idx').on(table.accessionNumber),
  ],
);

/** Short-lived grants behind `/documents/{id}/view` URLs, bound to the user who asked. */
export const viewGrants = pgTable('view_grants', {
  token: text('token').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  documentId: integer('document_id')
    .notNull()
    .references(() => documents.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
