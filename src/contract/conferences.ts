import * as v from 'valibot';
import { EntityId, IsoDate, IsoTimestamp, Paging, PagingQuery } from './common';

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
  /**
   * Accepted, not ended and open (a booked visit opens VISIT_JOIN_EARLY_MINUTES before its start): either
   * party may join (the URL comes from `GET /conferences/{id}/show`).
   */
  canJoin: v.boolean(),
  /** The other party has the portal open now (spec 3 "online flag for users"). */
  otherOnline: v.boolean(),
  rejectionReason: v.nullable(v.string()),
  /** A booked visit's start; null for a call "now". */
  scheduledAt: v.nullable(IsoTimestamp),
  /** From when the parties may enter a booked visit (VISIT_JOIN_EARLY_MINUTES before); null for "now". */
  joinOpensAt: v.nullable(IsoTimestamp),
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

/** A booked visit may be entered this many minutes before its start (as MyChart does). */
export const VISIT_JOIN_EARLY_MINUTES = 10;
/** How far ahead a visit may be booked, in days. */
export const VISIT_MAX_DAYS_AHEAD = 90;
/** Booked dates and times are the hospital's wall clock. */
export const VISIT_TIME_ZONE = 'Europe/Rome';

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VISIT_TIME_ZONE,
  timeZoneName: 'longOffset',
});

function offsetMs(at: number): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/** The instant of a wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in Europe/Rome. */
export function visitStart(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) return new Date(Number.NaN);
  return new Date(wall - offsetMs(wall - offsetMs(wall)));
}

/** When a booked visit may be entered. */
export function visitJoinOpensAt(start: Date): Date {
  return new Date(start.getTime() - VISIT_JOIN_EARLY_MINUTES * 60_000);
}

/** The booked start and the last minute of its day; NaN (every comparison false) when not both well formed. */
function bookedInstants(input: { date?: string; time?: string }): { lastMinute: number; start: number } {
  if (!input.date || !input.time) return { lastMinute: Number.NaN, start: Number.NaN };
  return {
    lastMinute: visitStart(input.date, '23:59').getTime(),
    start: visitStart(input.date, input.time).getTime(),
  };
}

const LocalTime = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/**
 * `POST /conferences/request/{patientId}`: an empty body is a call now; `date` and `time` (Europe/Rome)
 * book a visit, not in the past and at most VISIT_MAX_DAYS_AHEAD ahead. The field in error is named:
 * a day already gone is `date`, an hour already gone today is `time`.
 */
export const RequestConferenceBody = v.pipe(
  v.object({ date: v.optional(IsoDate), time: v.optional(LocalTime) }),
  v.forward(
    v.check((input) => input.date !== undefined || input.time === undefined, 'required'),
    ['date'],
  ),
  v.forward(
    v.check((input) => input.time !== undefined || input.date === undefined, 'required'),
    ['time'],
  ),
  v.forward(
    v.check((input) => {
      const { lastMinute, start } = bookedInstants(input);
      return !(lastMinute <= Date.now() || start > Date.now() + VISIT_MAX_DAYS_AHEAD * 86_400_000);
    }, 'outOfRange'),
    ['date'],
  ),
  v.forward(
    v.check((input) => {
      const { lastMinute, start } = bookedInstants(input);
      return !(lastMinute > Date.now() && start <= Date.now());
    }, 'outOfRange'),
    ['time'],
  ),
);
export type RequestConferenceBody = v.InferOutput<typeof RequestConferenceBody>;
