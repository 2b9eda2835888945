import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { patients, units } from './people';

/** DICOM studies behind documents with an accession number. */
export const studies = pgTable(
  'studies',
  {
    studyId: text('study_id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.mepiId, { onDelete: 'cascade' }),
    accessionNumber: text('accession_number').notNull(),
    provenanceUnitId: integer('provenance_unit_id')
      .notNull()
      .references(() => units.id),
    studyLocation: text('study_location'),
    modality: text('modality').notNull(),
    description: text('description').notNull(),
    /** OFFLINE, MOVING, ONLINE, ERROR. */
    status: text('status').notNull(),
    moveRequestedAt: timestamp('move_requested_at', { withTimezone: true }),
    sliceCount: integer('slice_count').notNull(),
  },
  (table) => [index('studies_accession_idx').on(table.accessionNumber, table.patientId)],
);
