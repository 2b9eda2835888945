/**
 * The in-portal videoconference (spec 7 "Conferences"): a 1:1 WebRTC call between the
 * staff member who requested the conference (the host) and the invited patient, signalled through the
 * server. The patient waits in a waiting room until the host admits them.
 */
import * as v from 'valibot';
import { EntityId } from './common';

/** A session description (offer or answer) is a few KB; this leaves room for many codecs and tracks. */
export const CALL_SDP_MAX_CHARS = 30_000;
/** Signals one conference may hold at once (an ICE exchange needs a few dozen): a runaway client stops here. */
export const CALL_SIGNALS_MAX = 300;
/** Signals one fetch answers at most; the client asks again after the last id when `more` is set. */
export const CALL_SIGNALS_PAGE = 100;

/** One STUN/TURN server as RTCPeerConnection takes it (from the server's `ICE_SERVERS`). */
export const IceServer = v.object({
  urls: v.union([v.string(), v.array(v.string())]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});
export type IceServer = v.InferOutput<typeof IceServer>;

/** `host` requested the conference and admits; `patient` is the invited patient's account. */
export const CallRole = v.picklist(['host', 'patient']);
export type CallRole = v.InferOutput<typeof CallRole>;

/** Where the patient is: not in the call page, waiting to be admitted, admitted (the call may start). */
export const CallPresence = v.picklist(['absent', 'waiting', 'admitted']);
export type CallPresence = v.InferOutput<typeof CallPresence>;

/** The call's state as both parties see it. */
export const CallState = v.object({
  /** The host ended the conference (state ENDED): nobody may signal any more. */
  ended: v.boolean(),
  patient: CallPresence,
});
export type CallState = v.InferOutput<typeof CallState>;

/** `GET /conferences/{id}/call`: what the call page needs before the devices are checked. */
export const CallSetup = v.object({
  conferenceId: EntityId,
  role: CallRole,
  /** The other party's display name. */
  peerName: v.string(),
  iceServers: v.array(IceServer),
  /** Signals up to this id belong to an earlier session: fetch after it. */
  cursor: v.pipe(v.number(), v.integer(), v.minValue(0)),
  state: CallState,
});
export type CallSetup = v.InferOutput<typeof CallSetup>;

const Sdp = v.pipe(v.string(), v.minLength(1), v.maxLength(CALL_SDP_MAX_CHARS));

/** An ICE candidate as `RTCIceCandidate.toJSON()` gives it. */
export const CallCandidate = v.object({
  candidate: v.pipe(v.string(), v.maxLength(2000)),
  sdpMid: v.nullish(v.pipe(v.string(), v.maxLength(64))),
  sdpMLineIndex: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64))),
  usernameFragment: v.nullish(v.pipe(v.string(), v.maxLength(256))),
});
export type CallCandidate = v.InferOutput<typeof CallCandidate>;

/** `POST /conferences/{id}/call/signals`: one message to the other party. */
export const CallSignalInput = v.variant('kind', [
  v.object({ kind: v.literal('offer'), sdp: Sdp }),
  v.object({ kind: v.literal('answer'), sdp: Sdp }),
  v.object({ kind: v.literal('candidate'), candidate: CallCandidate }),
]);
export type CallSignalInput = v.InferOutput<typeof CallSignalInput>;

/** A signal as the recipient reads it; `bye` is written by the server when the other party hangs up. */
export const CallSignal = v.variant('kind', [
  v.object({ id: EntityId, kind: v.literal('offer'), sdp: v.string() }),
  v.object({ id: EntityId, kind: v.literal('answer'), sdp: v.string() }),
  v.object({ id: EntityId, kind: v.literal('candidate'), candidate: CallCandidate }),
  v.object({ id: EntityId, kind: v.literal('bye') }),
]);
export type CallSignal = v.InferOutput<typeof CallSignal>;

/** `?after=`: the last signal id the client has handled. */
export const CallSignalsQuery = v.object({
  after: v.optional(
    v.pipe(v.string(), v.regex(/^(0|[1-9]\d{0,9})$/, 'invalid'), v.toNumber(), v.maxValue(2_147_483_647)),
    '0',
  ),
});

/** `GET /conferences/{id}/call/signals`: the signals for the caller after the cursor, oldest first. */
export const CallSignals = v.object({
  signals: v.array(CallSignal),
  /** More signals wait after the last one of this page. */
  more: v.boolean(),
  state: CallState,
});
export type CallSignals = v.InferOutput<typeof CallSignals>;
