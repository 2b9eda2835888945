import * as v from 'valibot';
import { EntityId, IsoTimestamp, Paging, PagingQuery } from './common';

/** Spec 4 "Conference": invited, accepted, rejected (reason mandatory); ended once the call is over. */
export const ConferenceState = v.picklist(['INVITED', 'ACCEPTED', 'REJECTED', 'ENDED']);
export type ConferenceState = v.InferOutput<typeof ConferenceState>;

/** Active: still to answer or to hold (INVITED, ACCEPTED); past: REJECTED or ENDED. */
export const ConferenceScope = v.picklist(['active', 'past']);
export type ConferenceScope = v.InferOutput<typeof ConferenceScope>;

/** The longest rejection reason, in characters. */
export const CONFERENCE_REASON_MAX = 500;

export const ConferenceParty = v.object({ id: EntityId, displayName: v.string() });
export type ConferenceParty = v.InferOutput<typeof ConferenceParty>;

export const Conference = v.object({
  id: EntityId,
  state: ConferenceState,
  patient: v.object({ id: EntityId, displayName: v.string() }),
  requester: ConferenceParty,
  invitee: ConferenceParty,
  /** The caller is the invited patient: they answer (accept or reject). */
  canAnswer: v.boolean(),
  /** Accepted and not ended: either party may join (the URL comes from `GET /conferences/{id}/show`). */
  canJoin: v.boolean(),
  /** The other party has the portal open now (spec 3 "online flag for users"). */
  otherOnline: v.boolean(),
  rejectionReason: v.nullable(v.string()),
  createdAt: IsoTimestamp,
  answeredAt: v.nullable(IsoTimestamp),
  endedAt: v.nullable(IsoTimestamp),
});
export type Conference = v.InferOutput<typeof Conference>;

/** Whether the caller may request conferences, and if not why (spec 3 `canInvite`). */
export const CanCreateConference = v.object({
  canUserCreateConference: v.boolean(),
  message: v.nullable(v.string()),
});
export type CanCreateConference = v.InferOutput<typeof CanCreateConference>;

/** `GET /conferences`: the caller's conferences of one scope, newest first. */
export const ConferenceList = v.object({
  conferences: v.array(Conference),
  paging: Paging,
  canInvite: CanCreateConference,
});
export type ConferenceList = v.InferOutput<typeof ConferenceList>;

export const ConferenceListQuery = v.object({
  ...PagingQuery.entries,
  scope: v.optional(ConferenceScope, 'active'),
});
export type ConferenceListQuery = v.InferOutput<typeof ConferenceListQuery>;

/** `GET /conferences/onlineUsers`: the other parties of the caller's active conferences who are online. */
export const OnlineUsers = v.object({ users: v.array(ConferenceParty) });
export type OnlineUsers = v.InferOutput<typeof OnlineUsers>;

/**
 * `GET /conferences/onlinePatients/{projectId}`: the participants of a project the caller runs who have
 * a portal account, online ones first.
 */
export const OnlinePatients = v.object({
  patients: v.array(v.object({ id: EntityId, displayName: v.string(), online: v.boolean() })),
});
export type OnlinePatients = v.InferOutput<typeof OnlinePatients>;

/** `PUT /conferences/{id}/reject`: the reason is mandatory ('Il motivo del rifiuto è obbligatorio'). */
export const RejectConferenceBody = v.object({
  message: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'required'),
    v.maxLength(CONFERENCE_REASON_MAX, 'tooLong'),
  ),
});
export type RejectConferenceBody = v.InferOutput<typeof RejectConferenceBody>;

/** `GET /conferences/{id}/show`: where the call takes place (an external room, or the portal's call page). */
export const ConferenceShow = v.object({ url: v.string() });
export type ConferenceShow = v.InferOutput<typeof ConferenceShow>;
