import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { patients, users } from './people';

/** Binary columns (PDFs, encrypted keys) as Uint8Array on both PGlite and node-postgres. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** The portal's own certification authority (one row): a hospital may replace it with its own. */
export const certificateAuthorities = pgTable('certificate_authorities', {
  id: serial('id').primaryKey(),
  subject: text('subject').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  /** Private key, PKCS#8, encrypted with the server's signing secret (AES-256-GCM). */
  encryptedPrivateKey: bytea('encrypted_private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A signer's remote-signature credential: certificate issued by the CA, private key kept encrypted on
 * the server, PIN hash and the PIN brute-force lock.
 */
export const signingCredentials = pgTable('signing_credentials', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  fiscalCode: text('fiscal_code').notNull(),
  certificatePem: text('certificate_pem').notNull(),
  serialNumber: text('serial_number').notNull(),
  encryptedPrivateKey: bytea('encrypted_private_key').notNull(),
  pinHash: text('pin_hash').notNull(),
  failedPinAttempts: integer('failed_pin_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Advanced electronic signature (FEA) activated through `POST /autoFEAreq`. */
  feaActivatedAt: timestamp('fea_activated_at', { withTimezone: true }),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One signature ceremony: the documents prepared for a signer and the effect to apply when they are
 * signed (consent recorded, documents obscured, guest saved…). Status: PREPARED → OTP_SENT → SIGNING
 * (asynchronous) → SIGNED, or FAILED / CANCELLED / EXPIRED.
 */
export const signatureCeremonies = pgTable(
  'signature_ceremonies',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => patients.mepiId, { onDelete: 'cascade' }),
    /** Which effect runs on success: 'consent', 'revoke-consent', 'obscure', 'guest', 'informed-consent'… */
    kind: text('kind').notNull(),
    effect: jsonb('effect').notNull(),
    /** Who signs: self or another person, with their data (spec: otherSignerInfo, otherSecondSignerInfo). */
    signer: jsonb('signer').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('PREPARED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failureCode: text('failure_code'),
  },
  (table) => [index('signature_ceremonies_user_idx').on(table.userId, table.createdAt)],
);

/** Documents rendered for a ceremony, before signature (`GET /tempDocuments/{id}`). */
export const tempDocuments = pgTable('temp_documents', {
  id: serial('id').primaryKey(),
  ceremonyId: text('ceremony_id')
    .notNull()
    .references(() => signatureCeremonies.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** What the document is about, e.g. the consent code, so the effect can find its document. */
  subject: text('subject'),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed PDFs (PAdES) and paper-consent scans, kept for the patient to view and download. */
export const signedDocuments = pgTable(
  'signed_documents',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').references(() => patients.mepiId, { onDelete: 'cascade' }),
    ceremonyId: text('ceremony_id').references(() => signatureCeremonies.id),
    signerUserId: integer('signer_user_id').references(() => users.id),
    title: text('title').notNull(),
    /** 'pades' for a signature of the portal, 'paper-scan' for an uploaded paper consent. */
    kind: text('kind').notNull(),
    pdf: bytea('pdf').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('signed_documents_patient_idx').on(table.patientId)],
);
