import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patients, users } from './people';

/**
 * Readings the patient entered (blood pressure, glucose, weight, heart rate, notes): FHIR Observations
 * whose performer is the patient, never mixed with the hospital's `observations`. The row is the current
 * version; `deleted_at` hides a deleted one; every version, the first included, is in
 * `patient_reading_versions`, which only grows.
 */
export const patientReadings = pgTable(
  'patient_readings',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    /** Who typed it: only they may correct or delete it. */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** contract ReadingKind: blood-pressure, glucose, weight, heart-rate, note. */
    kind: text('kind').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    systolic: doublePrecision('systolic'),
    diastolic: doublePrecision('diastolic'),
    value: doublePrecision('value'),
    note: text('note'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('patient_readings_patient_idx').on(table.patientId, table.kind, table.takenAt)],
);

/** The history of corrections: each version as it was saved, and what made it (entered, corrected, deleted). */
export const patientReadingVersions = pgTable(
  'patient_reading_versions',
  {
    readingId: integer('reading_id')
      .notNull()
      .references(() => patientReadings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    change: text('change').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    systolic: doublePrecision('systolic'),
    diastolic: doublePrecision('diastolic'),
    value: doublePrecision('value'),
    note: text('note'),
  },
  (table) => [primaryKey({ columns: [table.readingId, table.version] })],
);
