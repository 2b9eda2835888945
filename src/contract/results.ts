import * as v from 'valibot';
import { EntityId, EntityIdText, IsoTimestamp } from './common';

/**
 * Results as data: the hospital's laboratory values (one series per LOINC code) and the patient's own
 * readings beside them, always marked as entered by the patient. Readings are the patient's to write;
 * the care team and guests with the dossier right read them on the trend.
 */

/** What a patient records from the phone. A note is free text alone; the others are measurements. */
export const ReadingKind = v.picklist(['blood-pressure', 'glucose', 'weight', 'heart-rate', 'note']);
export type ReadingKind = v.InferOutput<typeof ReadingKind>;

/**
 * The LOINC code each kind is a FHIR Observation of (blood pressure: the panel, with systolic 8480-6 and
 * diastolic 8462-4 as components), and its UCUM unit. A reading's series is the hospital series of the
 * same code, so a patient's glucose sits beside the laboratory's on one trend.
 */
export const READING_CODES = {
  'blood-pressure': { loinc: '85354-9', unit: 'mm[Hg]', unitDisplay: 'mmHg' },
  glucose: { loinc: '2339-0', unit: 'mg/dL', unitDisplay: 'mg/dL' },
  weight: { loinc: '29463-7', unit: 'kg', unitDisplay: 'kg' },
  'heart-rate': { loinc: '8867-4', unit: '/min', unitDisplay: 'bpm' },
  note: { loinc: '51855-5', unit: '', unitDisplay: '' },
} as const satisfies Record<ReadingKind, { loinc: string; unit: string; unitDisplay: string }>;
export const SYSTOLIC_LOINC = '8480-6';
export const DIASTOLIC_LOINC = '8462-4';

/**
 * Plausible values per kind (inclusive): outside them a value is a typing slip, refused with
 * `outOfRange` on its field before anything is saved.
 */
export const READING_RANGES = {
  systolic: { min: 50, max: 260 },
  diastolic: { min: 30, max: 160 },
  glucose: { min: 20, max: 600 },
  weight: { min: 2, max: 350 },
  'heart-rate': { min: 25, max: 250 },
} as const;
export const READING_NOTE_MAX = 1000;
/** A reading may be dated this far back (a diary copied in), never in the future beyond clock skew. */
export const READING_MAX_AGE_DAYS = 3650;
export const READING_FUTURE_SKEW_MS = 5 * 60 * 1000;

const Measure = v.nullable(v.pipe(v.number(), v.finite('invalid')));
const Note = v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(READING_NOTE_MAX, 'tooLong')));

/**
 * A reading as typed: the values its kind needs (blood pressure: systolic and diastolic; note: the note;
 * the others: value), each within READING_RANGES, the others null. `takenAt` is checked by the server
 * against its clock (not in the future, at most READING_MAX_AGE_DAYS old).
 */
export const ReadingFields = v.object({
  kind: ReadingKind,
  takenAt: IsoTimestamp,
  systolic: v.optional(Measure, null),
  diastolic: v.optional(Measure, null),
  value: v.optional(Measure, null),
  note: v.optional(Note, null),
});
export type ReadingFields = v.InferOutput<typeof ReadingFields>;

type FieldName = 'systolic' | 'diastolic' | 'value' | 'note';
export type ReadingFieldError = { field: FieldName; code: 'required' | 'outOfRange' | 'invalid' };

/** The per-kind rules, shared by the form (before sending) and the server (before saving). */
export function readingFieldErrors(reading: ReadingFields): ReadingFieldError[] {
  const errors: ReadingFieldError[] = [];
  const inRange = (field: FieldName, value: number | null, range: { min: number; max: number }) => {
    if (value === null) errors.push({ field, code: 'required' });
    else if (value < range.min || value > range.max) errors.push({ field, code: 'outOfRange' });
  };
  switch (reading.kind) {
    case 'blood-pressure':
      inRange('systolic', reading.systolic, READING_RANGES.systolic);
      inRange('diastolic', reading.diastolic, READING_RANGES.diastolic);
      if (
        errors.length === 0 &&
        reading.systolic !== null &&
        reading.diastolic !== null &&
        reading.diastolic >= reading.systolic
      )
        errors.push({ field: 'diastolic', code: 'invalid' });
      break;
    case 'note':
      if (!reading.note) errors.push({ field: 'note', code: 'required' });
      break;
    default:
      inRange('value', reading.value, READING_RANGES[reading.kind]);
  }
  return errors;
}

/** `POST /readings`: a new reading of the caller's own record. */
export const ReadingCreateBody = v.object({ patientId: EntityId, ...ReadingFields.entries });
export type ReadingCreateBody = v.InferOutput<typeof ReadingCreateBody>;
/** `PUT /readings/:id`: a correction by its author (the kind stays; the earlier version is kept). */
export const ReadingCorrectionBody = ReadingFields;
export const ReadingIdParam = v.object({ id: EntityIdText });
export const ReadingListQuery = v.object({ patientId: EntityIdText });

export const Reading = v.object({
  id: EntityId,
  kind: ReadingKind,
  takenAt: IsoTimestamp,
  systolic: v.nullable(v.number()),
  diastolic: v.nullable(v.number()),
  value: v.nullable(v.number()),
  note: v.nullable(v.string()),
  /** 1 when entered; each correction adds one. */
  version: v.number(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  /** Only the author may correct or delete. */
  editable: v.boolean(),
});
export type Reading = v.InferOutput<typeof Reading>;

/** `GET /readings?patientId=`: the live readings, newest first (at most 500: a diary, not a device feed). */
export const ReadingList = v.object({ readings: v.array(Reading) });
export type ReadingList = v.InferOutput<typeof ReadingList>;

/** `GET /readings/:id/history`: every version, the first (entered) to the last (corrected or deleted). */
export const ReadingVersion = v.object({
  version: v.number(),
  change: v.picklist(['entered', 'corrected', 'deleted']),
  changedAt: IsoTimestamp,
  takenAt: IsoTimestamp,
  systolic: v.nullable(v.number()),
  diastolic: v.nullable(v.number()),
  value: v.nullable(v.number()),
  note: v.nullable(v.string()),
});
export type ReadingVersion = v.InferOutput<typeof ReadingVersion>;
export const ReadingHistory = v.object({ versions: v.array(ReadingVersion) });
export type ReadingHistory = v.InferOutput<typeof ReadingHistory>;

/** A value against its reference range (none when the report gives no range). */
export const ResultFlag = v.nullable(v.picklist(['low', 'high']));
export type ResultFlag = v.InferOutput<typeof ResultFlag>;

export const ResultListQuery = v.object({ patientId: EntityIdText });

/** One analyte of `GET /results`: its latest value and how many there are. */
export const AnalyteSummary = v.object({
  /** LOINC code: the key of its trend. */
  code: v.string(),
  /** In the caller's language. */
  name: v.string(),
  unit: v.string(),
  value: v.number(),
  /** Diastolic, for a blood pressure; null otherwise. */
  secondValue: v.nullable(v.number()),
  effectiveAt: IsoTimestamp,
  flag: ResultFlag,
  count: v.number(),
  /** hospital: the laboratory's results; patient: readings entered by the patient. */
  source: v.picklist(['hospital', 'patient']),
});
export type AnalyteSummary = v.InferOutput<typeof AnalyteSummary>;

/** `GET /results?patientId=`: the hospital's analytes (by name) and the patient's reading kinds. */
export const ResultList = v.object({ analytes: v.array(AnalyteSummary) });
export type ResultList = v.InferOutput<typeof ResultList>;

export const ResultSeriesQuery = v.object({
  patientId: EntityIdText,
  code: v.pipe(v.string(), v.regex(/^\d{1,7}-\d$/, 'invalid')),
});

/** One value of a trend. Hospital points link the report they came from; patient points are marked. */
export const SeriesPoint = v.object({
  source: v.picklist(['hospital', 'patient']),
  /** The observation's id (hospital) or the reading's (patient). */
  id: EntityId,
  value: v.number(),
  secondValue: v.nullable(v.number()),
  effectiveAt: IsoTimestamp,
  flag: ResultFlag,
  /** The report PDF (hospital points); null for a reading. */
  documentId: v.nullable(EntityId),
});
export type SeriesPoint = v.InferOutput<typeof SeriesPoint>;

/**
 * `GET /results/series?patientId=&code=`: every value of one analyte, oldest first, hospital values and the
 * patient's readings of the same code together. The range is the latest hospital value's (null if none).
 */
export const ResultSeries = v.object({
  code: v.string(),
  name: v.string(),
  unit: v.string(),
  referenceLow: v.nullable(v.number()),
  referenceHigh: v.nullable(v.number()),
  points: v.array(SeriesPoint),
});
export type ResultSeries = v.InferOutput<typeof ResultSeries>;
