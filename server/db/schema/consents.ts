import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients, users } from './people';
import { projects } from './projects';
import { signedDocuments } from './signing';

/**
 * Consents a patient has given, refused or been invited to (spec section 4: GIVEN, INVITE, REVOKED,
 * REJECTED, WAITING). One row per consent and version: a new signature of the same consent replaces the
 * previous row (`previousConsentId`), which stays for `consensusPreviousVersions`.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    consentCode: text('consent_code').notNull(),
    statusCode: text('status_code').notNull(),
    /** Project consents carry their project; the dossier and procedure consents do not. */
    projectId: integer('project_id').references(() => projects.id),
    /** The signed PDF (or the uploaded paper scan) behind this consent, once signed. */
    signedDocumentId: integer('signed_document_id').references(() => signedDocuments.id),
    /** Identifier of the consent in the hospital's electronic-document registry, when it has one. */
    electronicDocumentId: text('electronic_document_id'),
    /** 'digital' (signature ceremony) or 'paper' (scan uploaded by staff). */
    medium: text('medium'),
    /** 'self' or 'other' (a legal representative signed for the patient). */
    signerType: text('signer_type'),
    /** The answers of the model form (JSON Schema) and the signer's data. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    collectedByUserId: integer('collected_by_user_id').references(() => users.id),
    /**
     * Set when the project, not the patient, ended this project consent: 'PROJECT_REMOVED' (a member
     * removed a participant) or 'INVITATION_WITHDRAWN' (a member withdrew a pending invitation). Who did
     * it is `collectedByUserId`, when is `revokedAt`. Null for a revocation the patient signed.
     */
    endReason: text('end_reason'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    previousConsentId: integer('previous_consent_id'),
    /** True when a newer version replaces this one. */
    superseded: boolean('superseded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('consents_patient_idx').on(table.patientId, table.consentCode),
    uniqueIndex('consents_current_idx')
      .on(table.patientId, table.consentCode, sql`coalesce(${table.projectId}, 0)`)
      .where(sql`not ${table.superseded}`),
  ],
);
