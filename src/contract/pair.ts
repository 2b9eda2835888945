import * as v from 'valibot';
import { EntityId, EntityIdText, IsoDate, IsoTimestamp } from './common';

/**
 * Rehabilitation plans (PAIR, spec 3, 4 and 7). Coded fields hold the codes of `GET /codingSchema`; the
 * server checks them against it. Transitions are written in docs/decisions.md ("PAIR").
 */
export const PairStatus = v.picklist(['DRAFT', 'ACTIVE', 'EXPIRED', 'CLOSED', 'REPLACED']);
export type PairStatus = v.InferOutput<typeof PairStatus>;

export const PAIR_NAME_MAX = 150;
export const PAIR_TEXT_MAX = 1000;
export const PAIR_MAX_EXERCISES = 20;
export const PAIR_MAX_INDICES = 8;
/** Drafts a patient may have at once: more is a forgotten pile, not a plan. */
export const PAIR_MAX_DRAFTS = 5;

const Code = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(40, 'tooLong'));
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(PAIR_NAME_MAX, 'tooLong'));
const Text = v.pipe(v.string(), v.trim(), v.maxLength(PAIR_TEXT_MAX, 'tooLong'));
const Count = v.pipe(v.number(), v.integer(), v.minValue(1, 'outOfRange'), v.maxValue(1000, 'outOfRange'));
const Measure = v.pipe(v.number(), v.minValue(-100_000, 'outOfRange'), v.maxValue(100_000, 'outOfRange'));

/** A quantity with its unit code (intervals, length). */
export const Quantity = v.object({
  value: v.pipe(v.number(), v.minValue(0, 'outOfRange'), v.maxValue(100_000, 'outOfRange')),
  unit: Code,
});
export type Quantity = v.InferOutput<typeof Quantity>;

/** "3 times per week": `value` times per `unit` (DAY, WEEK, MONTH), with a free description. */
export const Frequency = v.object({ value: Count, unit: Code, description: v.optional(Text, '') });
export type Frequency = v.InferOutput<typeof Frequency>;

/** A monitoring index of an exercise: the range to keep during it (e.g. heart rate 90–130 bpm). */
export const MonitoringIndex = v.pipe(
  v.object({ index: Code, min: Measure, max: Measure }),
  v.check((item) => item.min < item.max, 'outOfRange'),
);
export type MonitoringIndex = v.InferOutput<typeof MonitoringIndex>;

/** Spec 3 "Exercise", every field. Dates are days (Europe/Rome). */
export const Exercise = v.object({
  name: Name,
  description: v.optional(Text, ''),
  level: Code,
  category: Code,
  purpose: v.optional(Text, ''),
  location: Code,
  startDate: IsoDate,
  endDate: IsoDate,
  frequency: Frequency,
  seriesNumber: Count,
  repetitionsNumber: Count,
  seriesInterval: Quantity,
  sessionInterval: Quantity,
  length: Quantity,
  laterality: Code,
  assistance: Code,
  supports: v.pipe(v.array(Code), v.maxLength(10, 'tooLong')),
  device: v.nullable(Code),
  monitoringIndices: v.pipe(v.array(MonitoringIndex), v.maxLength(PAIR_MAX_INDICES, 'tooLong')),
});
export type Exercise = v.InferOutput<typeof Exercise>;

/**
 * PRIpri thresholds of the plan (one per outcome index, higher is better): a measure at or above `green` is
 * green, below `red` is red, in between yellow. `red` ≤ `green`.
 */
export const PripriThreshold = v.pipe(
  v.object({ index: Code, green: Measure, red: Measure }),
  v.check((item) => item.red <= item.green, 'outOfRange'),
);
export type PripriThreshold = v.InferOutput<typeof PripriThreshold>;

/** What the physician writes: the plan's payload of createPair and of an edit. */
export const PairInput = v.object({
  name: Name,
  planningValidityStartDate: IsoDate,
  planningValidityStopDate: IsoDate,
  exercises: v.pipe(v.array(Exercise), v.maxLength(PAIR_MAX_EXERCISES, 'tooLong')),
  thresholds: v.pipe(v.array(PripriThreshold), v.maxLength(PAIR_MAX_INDICES, 'tooLong')),
});
export type PairInput = v.InferOutput<typeof PairInput>;

/** `POST /pair/createPair`: the payload plus the patient (spec 7 "payload plus patientID"). */
export const CreatePairBody = v.object({ ...PairInput.entries, patientId: EntityId });
export type CreatePairBody = v.InferOutput<typeof CreatePairBody>;

export const CLOSING_REASON_MAX = 500;
/** `PUT /pair/updatePair/{id}`: edit a DRAFT, or close an ACTIVE plan (closing is an update, spec 4). */
export const UpdatePairBody = v.variant('action', [
  v.object({ action: v.literal('edit'), plan: PairInput }),
  v.object({
    action: v.literal('close'),
    closingDate: IsoDate,
    closingReason: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'required'),
      v.maxLength(CLOSING_REASON_MAX, 'tooLong'),
    ),
  }),
]);
export type UpdatePairBody = v.InferOutput<typeof UpdatePairBody>;

/** What changed from the plan this one replaced, exercise by exercise (matched by name). */
export const PairChange = v.object({
  exercise: v.string(),
  change: v.picklist(['added', 'removed', 'changed']),
  fields: v.array(v.string()),
});
export type PairChange = v.InferOutput<typeof PairChange>;

export const Pair = v.object({
  id: EntityId,
  patientId: EntityId,
  ...PairInput.entries,
  /** ACTIVE past its stop date reads EXPIRED (computed on read). */
  status: PairStatus,
  createdBy: v.string(),
  createdAt: IsoTimestamp,
  activatedAt: v.nullable(IsoTimestamp),
  closingDate: v.nullable(IsoDate),
  closingReason: v.nullable(v.string()),
  /** The dossier document (type 180.051) of the signed plan. */
  documentId: v.nullable(EntityId),
  replacesId: v.nullable(EntityId),
  /** Against the plan it replaced; empty for a first plan. */
  changes: v.array(PairChange),
});
export type Pair = v.InferOutput<typeof Pair>;

export const PairList = v.object({ pairs: v.array(Pair) });
export type PairList = v.InferOutput<typeof PairList>;

export const PatientIdQuery = v.object({ patientId: EntityIdText });

/** `POST /pair/preparePairDocument/?patientId`: the DRAFT to sign. */
export const PreparePairBody = v.object({ pairId: EntityId });
export const PreparePairReply = v.object({ documentIds: v.array(v.number()) });
export type PreparePairReply = v.InferOutput<typeof PreparePairReply>;

/** A decision-support hint: which rule fired, how serious, and the values it names (for the text). */
export const DssHint = v.object({
  rule: v.string(),
  severity: v.picklist(['info', 'warning', 'block']),
  exercise: v.optional(v.number()),
  params: v.record(v.string(), v.union([v.string(), v.number()])),
});
export type DssHint = v.InferOutput<typeof DssHint>;

/** `GET /dss/verifyPatientEligibility`: eligible unless a 'block' hint fired (then the client asks). */
export const EligibilityReply = v.object({ eligible: v.boolean(), hints: v.array(DssHint) });
export type EligibilityReply = v.InferOutput<typeof EligibilityReply>;

/** `POST /dss/verifyPlanAdequacy`: hints over a draft, never a refusal. */
export const AdequacyReply = v.object({ hints: v.array(DssHint) });
export type AdequacyReply = v.InferOutput<typeof AdequacyReply>;

/** Loose draft the adequacy check reads: what the form holds so far may be incomplete. */
export const AdequacyBody = v.object({
  planningValidityStartDate: v.optional(v.string(), ''),
  planningValidityStopDate: v.optional(v.string(), ''),
  exercises: v.pipe(v.array(v.record(v.string(), v.unknown())), v.maxLength(PAIR_MAX_EXERCISES, 'tooLong')),
  thresholds: v.optional(v.array(v.record(v.string(), v.unknown())), []),
});
export type AdequacyBody = v.InferOutput<typeof AdequacyBody>;

/** A coded value as the client gets it: the code-system URI is stripped on load (spec 3). */
export const CodedValue = v.object({
  code: v.string(),
  display: v.string(),
  unit: v.optional(v.string()),
  /** Outcome scales (higher is better) may carry PRIpri thresholds. */
  outcome: v.optional(v.boolean()),
  /** Categories that concern a limb need a laterality. */
  limb: v.optional(v.boolean()),
});
export type CodedValue = v.InferOutput<typeof CodedValue>;

export const CodingVocabulary = v.picklist([
  'level',
  'category',
  'location',
  'frequencyUnit',
  'intervalUnit',
  'lengthUnit',
  'laterality',
  'assistance',
  'support',
  'device',
  'monitoringIndex',
]);
export type CodingVocabulary = v.InferOutput<typeof CodingVocabulary>;

const Vocabulary = v.array(CodedValue);
export const CodingSchema = v.object({
  level: Vocabulary,
  category: Vocabulary,
  location: Vocabulary,
  frequencyUnit: Vocabulary,
  intervalUnit: Vocabulary,
  lengthUnit: Vocabulary,
  laterality: Vocabulary,
  assistance: Vocabulary,
  support: Vocabulary,
  device: Vocabulary,
  monitoringIndex: Vocabulary,
});
export type CodingSchema = v.InferOutput<typeof CodingSchema>;
