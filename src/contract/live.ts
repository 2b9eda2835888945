import * as v from 'valibot';
import { UserType } from './user';

/**
 * What changed, never what it is: a live event names the lists and counts to fetch again, so the
 * stream carries no clinical data and a client still reads everything through the access-checked calls.
 */
export const LiveTopic = v.picklist([
  'conferences',
  'messages',
  'uploadedDocuments',
  'surveys',
  'documents',
  'consents',
  // The in-portal call: a signal or a waiting-room change for this user (fetch after the cursor).
  'conferenceCall',
  // A whole-record export's progress or readiness (the archive's owner).
  'exports',
]);
export type LiveTopic = v.InferOutput<typeof LiveTopic>;

/** The `data` of a `change` event on `GET /live` (Server-Sent Events). */
export const LiveChange = v.object({ topics: v.pipe(v.array(LiveTopic), v.minLength(1)) });
export type LiveChange = v.InferOutput<typeof LiveChange>;

/** A NOTIFY payload between server processes: the topics and who must hear of them. */
export const LiveNotice = v.object({
  topics: v.pipe(v.array(LiveTopic), v.minLength(1), v.maxLength(LiveTopic.options.length)),
  userIds: v.optional(v.array(v.pipe(v.number(), v.integer()))),
  roles: v.optional(v.array(UserType)),
});
export type LiveNotice = v.InferOutput<typeof LiveNotice>;
