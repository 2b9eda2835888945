import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients, units, users } from './people';

/** Admissions (ordinary, day hospital, day surgery): the unit of a medical-record copy request. */
export const hospitalizations = pgTable(
  'hospitalizations',
  {
    id: serial('id').primaryKey(),
    /** The nosological number the hospital prints on the medical record. */
    code: text('code').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    /** Location code of the stay: O, DH, DS (spec section 9). */
    regime: text('regime').notNull(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('hospitalizations_code_idx').on(table.code),
    index('hospitalizations_patient_idx').on(table.patientId, table.admittedAt),
  ],
);

/**
 * Requests for copies: of reports (kind REPORTS, items are documents with a document flag, an image flag
 * and copies) or of medical records (kind MEDICAL_RECORDS, items are hospitalizations with copies).
 * `delivery` is the contract's delivery object; `priceCents` is computed by the server from its price list.
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** SUBMITTED, IN_PROGRESS, READY, COMPLETED, CANCELLED. */
    status: text('status').notNull().default('SUBMITTED'),
    items: jsonb('items').notNull(),
    delivery: jsonb('delivery').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Deleted requests leave the archive but stay for the hospital's records. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('document_requests_patient_idx').on(table.patientId, table.createdAt)],
);

/**
 * Which live request holds a hospitalization. The primary key on the hospitalization is what refuses a
 * second request for it, even under concurrency; rows go when their request is cancelled or deleted.
 */
export const documentRequestHospitalizations = pgTable(
  'document_request_hospitalizations',
  {
    hospitalizationId: integer('hospitalization_id')
      .notNull()
      .references(() => hospitalizations.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.hospitalizationId] }),
    index('document_request_hospitalizations_request_idx').on(table.requestId),
  ],
);
