import { date, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { patients } from './people';

/**
 * The structured clinical record beside the documents: what the patient summary (HL7 IPS) and the FHIR
 * reads are built from. A row taken from a document names it in `documentId`, and is hidden wherever that
 * document is hidden (obscuring, a guest's grant); a row with no document (an immunization from the
 * vaccination registry, a known allergy) follows the dossier's access alone. Codes are stored as the
 * standard systems give them; the display texts are Italian and English.
 */
const patientColumn = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.mepiId, { onDelete: 'cascade' });
const documentColumn = () => integer('document_id').references(() => documents.id, { onDelete: 'cascade' });

/** Problems (FHIR Condition): ICD-9-CM as Italian systems code them, with the SNOMED CT concept. */
export const conditions = pgTable(
  'conditions',
  {
    id: serial('id').primaryKey(),
    patientId: patientColumn(),
    documentId: documentColumn(),
    icd9cmCode: text('icd9cm_code').notNull(),
    snomedCode: text('snomed_code').notNull(),
    displayIt: text('display_it').notNull(),
    displayEn: text('display_en').notNull(),
    /** FHIR clinicalStatus: active, resolved. */
    clinicalStatus: text('clinical_status').notNull(),
    onsetDate: date('onset_date', { mode: 'string' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('conditions_patient_idx').on(table.patientId)],
);

/** Allergies and intolerances (FHIR AllergyIntolerance), the substance as a SNOMED CT concept. */
export const allergies = pgTable(
  'allergies',
  {
    id: serial('id').primaryKey(),
    patientId: patientColumn(),
    documentId: documentColumn(),
    snomedCode: text('snomed_code').notNull(),
    displayIt: text('display_it').notNull(),
    displayEn: text('display_en').notNull(),
    /** FHIR type: allergy, intolerance. */
    type: text('type').notNull(),
    /** FHIR category: food, medication, environment, biologic. */
    category: text('category').notNull(),
    /** FHIR criticality: low, high, unable-to-assess. */
    criticality: text('criticality').notNull(),
    clinicalStatus: text('clinical_status').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('allergies_patient_idx').on(table.patientId)],
);

/** Medicines taken (FHIR MedicationStatement), coded with ATC. */
export const medicationStatements = pgTable(
  'medication_statements',
  {
    id: serial('id').primaryKey(),
    patientId: patientColumn(),
    documentId: documentColumn(),
    atcCode: text('atc_code').notNull(),
    /** The medicine as prescribed (name and strength), e.g. "Metformina 1000 mg". */
    medicationText: text('medication_text').notNull(),
    /** The posology as written, e.g. "1 cp x 2/die". */
    dosageText: text('dosage_text').notNull(),
    /** FHIR status: active, completed. */
    status: text('status').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
  },
  (table) => [index('medication_statements_patient_idx').on(table.patientId)],
);

/** Vaccinations given (FHIR Immunization), the vaccine as a SNOMED CT concept with its ATC class. */
export const immunizations = pgTable(
  'immunizations',
  {
    id: serial('id').primaryKey(),
    patientId: patientColumn(),
    documentId: documentColumn(),
    snomedCode: text('snomed_code').notNull(),
    atcCode: text('atc_code').notNull(),
    displayIt: text('display_it').notNull(),
    displayEn: text('display_en').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    lotNumber: text('lot_number'),
  },
  (table) => [index('immunizations_patient_idx').on(table.patientId)],
);

/** Laboratory results (FHIR Observation), coded with LOINC, the unit in UCUM. */
export const observations = pgTable(
  'observations',
  {
    id: serial('id').primaryKey(),
    patientId: patientColumn(),
    documentId: documentColumn(),
    loincCode: text('loinc_code').notNull(),
    /** The test as the report names it (Italian), e.g. "Emoglobina glicata (HbA1c)". */
    displayIt: text('display_it').notNull(),
    displayEn: text('display_en').notNull(),
    value: doublePrecision('value').notNull(),
    /** UCUM code; a ratio with no unit takes a UCUM annotation, `{INR}` or `{ratio}` (equal to 1). */
    unit: text('unit').notNull(),
    /** The unit as the report prints it, e.g. "10^3/µL". */
    unitDisplay: text('unit_display').notNull(),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('observations_patient_idx').on(table.patientId, table.loincCode, table.effectiveAt),
    index('observations_document_idx').on(table.documentId),
  ],
);
