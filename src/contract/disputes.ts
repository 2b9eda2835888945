import * as v from 'valibot';

/**
 * A patient's report of an access they do not recognise (issue 28 §5), and the privacy officer's answer.
 * OPEN until the officer closes it as JUSTIFIED (the access had a reason) or VIOLATION.
 */
export const DisputeState = v.picklist(['OPEN', 'JUSTIFIED', 'VIOLATION']);
export type DisputeState = v.InferOutput<typeof DisputeState>;

export const DISPUTE_COMMENT_MAX = 1000;
export const DISPUTE_ANSWER_MAX = 2000;

/** `POST /disputes`: the audit row (a treatment-history item's id) and an optional comment. */
export const DisputeInput = v.strictObject({
  auditId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DISPUTE_COMMENT_MAX))),
});
export type DisputeInput = v.InferOutput<typeof DisputeInput>;

/** One report as its patient sees it. */
export const Dispute = v.object({
  id: v.number(),
  auditId: v.number(),
  state: DisputeState,
  comment: v.nullable(v.string()),
  answer: v.nullable(v.string()),
  createdAt: v.string(),
  answeredAt: v.nullable(v.string()),
});
export type Dispute = v.InferOutput<typeof Dispute>;

/** `GET /disputes/mine`: the patient's reports, newest first. */
export const MyDisputes = v.object({ disputes: v.array(Dispute) });
export type MyDisputes = v.InferOutput<typeof MyDisputes>;

/** An open report in the officer's queue, with the facts of the access it is about. */
export const DisputeQueueItem = v.object({
  ...Dispute.entries,
  patientId: v.number(),
  patientName: v.string(),
  /** The access disputed; role, title and activity as the officer's language names them. */
  access: v.object({
    dateTime: v.string(),
    userName: v.string(),
    userRole: v.string(),
    accessTitle: v.string(),
    activity: v.string(),
    documentId: v.nullable(v.number()),
    detail: v.nullable(v.string()),
  }),
});
export type DisputeQueueItem = v.InferOutput<typeof DisputeQueueItem>;

/** `GET /disputes/queue` (privacy officer): the open reports, oldest first. */
export const DisputeQueue = v.object({ items: v.array(DisputeQueueItem) });
export type DisputeQueue = v.InferOutput<typeof DisputeQueue>;

/** `PUT /disputes/{id}/answer` (privacy officer): the answer, and the state it closes the report with. */
export const DisputeAnswer = v.strictObject({
  state: v.picklist(['JUSTIFIED', 'VIOLATION']),
  answer: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(DISPUTE_ANSWER_MAX)),
});
export type DisputeAnswer = v.InferOutput<typeof DisputeAnswer>;
