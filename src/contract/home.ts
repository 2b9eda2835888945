import * as v from 'valibot';
import { EntityId, IsoDate, IsoTimestamp } from './common';
import { RequestKind, RequestStatus } from './document-requests';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A copy request still under way (SUBMITTED, IN_PROGRESS) or ready to collect (READY). */
export const HomeRequest = v.object({
  id: EntityId,
  kind: RequestKind,
  status: RequestStatus,
  createdAt: IsoTimestamp,
});
export type HomeRequest = v.InferOutput<typeof HomeRequest>;

/** An upload a physician approved or rejected that its owner has not seen yet. */
export const HomeReviewedUpload = v.object({
  id: EntityId,
  title: v.string(),
  status: v.picklist(['VALIDATED', 'REJECTED']),
  reviewedAt: IsoTimestamp,
});
export type HomeReviewedUpload = v.InferOutput<typeof HomeReviewedUpload>;

/** A guest of the patient whose access ends within `GUEST_ENDING_DAYS` days. */
export const HomeGuestEnding = v.object({ guestId: EntityId, name: v.string(), lastDay: IsoDate });
export type HomeGuestEnding = v.InferOutput<typeof HomeGuestEnding>;

/** A signed rehabilitation plan (PAIR) the patient has not opened yet; `changed`: it replaced another. */
export const HomePairToRead = v.object({ id: EntityId, name: v.string(), changed: v.boolean() });
export type HomePairToRead = v.InferOutput<typeof HomePairToRead>;
/** A project that ended the patient's participation since the last visit. */
export const HomeProjectEnded = v.object({ projectId: EntityId, name: v.string(), endedAt: IsoTimestamp });
export type HomeProjectEnded = v.InferOutput<typeof HomeProjectEnded>;

/** How many days ahead a guest's ending access is announced on the patient's home. */
export const GUEST_ENDING_DAYS = 14;

/**
 * The patient's home. `since`: the start of "new" (the previous login; 30 days back when there is none).
 * Lists are the first few items; counts are the whole.
 */
export const PatientHome = v.object({
  role: v.literal('PATIENT'),
  patientId: EntityId,
  since: IsoTimestamp,
  consentsToSign: Count,
  requests: v.array(HomeRequest),
  uploadsReviewed: v.array(HomeReviewedUpload),
  newDocuments: Count,
  guestsEnding: v.array(HomeGuestEnding),
  pairToRead: v.nullable(HomePairToRead),
  /** Only for the patient's own account (a project may be sensitive: never a guest's). */
  projectsEnded: v.optional(v.array(HomeProjectEnded)),
});
export type PatientHome = v.InferOutput<typeof PatientHome>;

/** One live grant a guest holds: whose documents, as what, until when, and what is new there. */
export const HomeGrant = v.object({
  patientId: EntityId,
  patientName: v.string(),
  accessTitle: v.string(),
  lastDay: IsoDate,
  visibleDocuments: Count,
  newDocuments: Count,
});
export type HomeGrant = v.InferOutput<typeof HomeGrant>;

export const GuestHome = v.object({
  role: v.literal('GUEST'),
  since: IsoTimestamp,
  grants: v.array(HomeGrant),
});
export type GuestHome = v.InferOutput<typeof GuestHome>;

/** A patient waiting on this staff member: uploads to approve. */
export const HomeWaitingPatient = v.object({
  patientId: EntityId,
  patientName: v.string(),
  uploadsToReview: Count,
});
export type HomeWaitingPatient = v.InferOutput<typeof HomeWaitingPatient>;

export const StaffHome = v.object({
  role: v.literal('STAFF'),
  uploadsToReview: Count,
  waitingPatients: v.array(HomeWaitingPatient),
});
export type StaffHome = v.InferOutput<typeof StaffHome>;

/** `GET /home`: what waits for the signed-in user, in one reply. */
export const HomeSummary = v.variant('role', [PatientHome, GuestHome, StaffHome]);
export type HomeSummary = v.InferOutput<typeof HomeSummary>;
