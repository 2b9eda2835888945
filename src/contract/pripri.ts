import * as v from 'valibot';
import { EntityId, IsoDate, IsoTimestamp } from './common';
import { PripriThreshold } from './pair';

/** Spec 4 "PRIpri colour"; blue: no active PRIpri or no sessions. */
export const PripriColour = v.picklist(['green', 'yellow', 'red', 'blue']);
export type PripriColour = v.InferOutput<typeof PripriColour>;

export const PripriMeasure = v.object({
  index: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(40, 'tooLong')),
  value: v.pipe(v.number(), v.minValue(-100_000, 'outOfRange'), v.maxValue(100_000, 'outOfRange')),
});
export type PripriMeasure = v.InferOutput<typeof PripriMeasure>;

export const PripriSession = v.object({
  id: EntityId,
  sessionDate: IsoDate,
  measures: v.array(PripriMeasure),
  /** This session's own colour by the same rule (green, yellow or red). */
  colour: PripriColour,
  recordedBy: v.string(),
  recordedAt: IsoTimestamp,
});
export type PripriSession = v.InferOutput<typeof PripriSession>;

/** `GET /pripri/{patientId}`: the monitoring part of the patient's active PAIR (docs/decisions.md). */
export const Pripri = v.object({
  plan: v.nullable(v.object({ id: EntityId, name: v.string(), thresholds: v.array(PripriThreshold) })),
  sessions: v.array(PripriSession),
  colour: PripriColour,
  canRecord: v.boolean(),
});
export type Pripri = v.InferOutput<typeof Pripri>;

/** `POST /pripri/{patientId}/sessions`: one session a day, a measure for some of the plan's indices. */
export const NewPripriSession = v.object({
  sessionDate: IsoDate,
  measures: v.pipe(v.array(PripriMeasure), v.minLength(1, 'required'), v.maxLength(8, 'tooLong')),
});
export type NewPripriSession = v.InferOutput<typeof NewPripriSession>;

/** `GET /pripri/colours?patientIds=1,2,3`: the colours of one list page (at most 100 patients). */
export const PripriColoursQuery = v.object({
  patientIds: v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, 'invalid'),
    v.transform((text) => text.split(',').map(Number)),
  ),
});
export const PripriColours = v.object({ colours: v.record(v.string(), PripriColour) });
export type PripriColours = v.InferOutput<typeof PripriColours>;
