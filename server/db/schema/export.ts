import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients, users } from './people';
import { bytea } from './signing';

/**
 * Whole-record exports: one zip per request, built by whichever server process claims it (services/export/
 * job.ts) and kept as chunks in the database, so any process serves the download. At most one job per
 * patient and requester is queued or running (the partial unique index: asking twice, even at once, makes
 * one). `heartbeatAt` moves while a process works on it; a job whose heartbeat stopped is taken again.
 */
export const recordExports = pgTable(
  'record_exports',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'queued' | 'running' | 'ready' | 'failed' | 'expired' (the contract's ExportState). */
    state: text('state').notNull().default('queued'),
    /** The requester's language: folder names, the index page and the summary are written in it. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    documentsTotal: integer('documents_total'),
    documentsDone: integer('documents_done').notNull().default(0),
    documentsOffline: integer('documents_offline').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Why a job failed, for the log and the operators (never shown to the patient as such). */
    failure: text('failure'),
  },
  (table) => [
    index('record_exports_requester_idx').on(table.requestedBy, table.patientId, table.createdAt),
    index('record_exports_state_idx').on(table.state, table.id),
    uniqueIndex('record_exports_one_in_progress')
      .on(table.patientId, table.requestedBy)
      .where(sql`state in ('queued', 'running')`),
  ],
);

/** The archive's bytes in order, about a mebibyte a row: written as the zip is made, read as it is sent. */
export const recordExportChunks = pgTable(
  'record_export_chunks',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => recordExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.seq] })],
);
