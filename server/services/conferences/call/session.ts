import { and, eq, max, sql } from 'drizzle-orm';
import type { CallSetup, CallState, IceServer } from '../../../../src/contract';
import type { Database } from '../../../db/client';
import { conferenceCalls, conferenceSignals, conferences, type UserRow, users } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { publishLive } from '../../live/publish';
import { dropVisitReminders } from '../visits';
import { type CallParty, callParty } from './party';

/**
 * A waiting patient whose page has not asked for signals for this long has left (closed the tab, lost the
 * network): the host no longer sees them waiting. The page asks every 5 s.
 */
export const WAITING_TTL_SECONDS = 20;
/**
 * An admitted patient whose page has not asked for this long has left too (a closed tab, a
 * dead phone): longer than the waiting room's, as a phone may slow a background page's timers; the
 * page's `pagehide` beacon usually says it at once (`leave.ts`).
 */
export const ADMITTED_TTL_SECONDS = 60;

const admittedFresh = sql`${conferenceCalls.admittedAt} is not null and ${conferenceCalls.patientSeenAt} > now() - make_interval(secs => ${ADMITTED_TTL_SECONDS})`;

/** The waiting room as both parties see it (the database's clock decides, whichever process asks). */
export async function callState(
  db: Database,
  party: Pick<CallParty, 'conferenceId' | 'ended'>,
): Promise<CallState> {
  if (party.ended) return { ended: true, patient: 'absent' };
  const [row] = await db
    .select({
      admitted: sql<boolean>`${admittedFresh}`,
      waiting: sql<boolean>`${conferenceCalls.admittedAt} is null and ${conferenceCalls.waitingSince} is not null and ${conferenceCalls.patientSeenAt} > now() - make_interval(secs => ${WAITING_TTL_SECONDS})`,
    })
    .from(conferenceCalls)
    .where(eq(conferenceCalls.conferenceId, party.conferenceId));
  const patient = row?.admitted ? 'admitted' : row?.waiting ? 'waiting' : 'absent';
  return { ended: false, patient };
}

/**
 * The patient's page is still there (its heartbeat: every fetch of its signals). A page back after its
 * admission expired (the host saw it leave and dropped the connection) waits to be admitted again.
 */
export async function markPatientSeen(db: Database, conferenceId: number): Promise<void> {
  const expired = sql`(${conferenceCalls.admittedAt} is not null and not (${admittedFresh}))`;
  await db
    .update(conferenceCalls)
    .set({
      patientSeenAt: sql`now()`,
      admittedAt: sql`case when ${expired} then null else ${conferenceCalls.admittedAt} end`,
      waitingSince: sql`case when ${expired} then now() else ${conferenceCalls.waitingSince} end`,
    })
    .where(eq(conferenceCalls.conferenceId, conferenceId));
}

/** `GET /conferences/{id}/call`: who the caller is in the call, the peer's name, the ICE servers, the cursor. */
export async function callSetup(
  db: Database,
  user: UserRow,
  conferenceId: number,
  iceServers: readonly IceServer[],
): Promise<CallSetup> {
  const party = await callParty(db, user, conferenceId, { readEnded: true });
  const [peer] = await db
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, party.peerUserId));
  const [last] = await db
    .select({ id: max(conferenceSignals.id) })
    .from(conferenceSignals)
    .where(
      and(eq(conferenceSignals.conferenceId, conferenceId), eq(conferenceSignals.recipientUserId, user.id)),
    );
  return {
    conferenceId,
    role: party.role,
    peerName: peer?.name ?? '',
    iceServers: [...iceServers],
    cursor: last?.id ?? 0,
    state: await callState(db, party),
  };
}

/** Drops the signals of an earlier session: whoever (re)enters starts the exchange afresh. */
export async function clearSignals(tx: Database, conferenceId: number): Promise<void> {
  await tx.delete(conferenceSignals).where(eq(conferenceSignals.conferenceId, conferenceId));
}

/**
 * `POST /conferences/{id}/call/join`, once the devices are checked. The patient enters the waiting room;
 * the host entering (again, e.g. after a reload) sends an admitted patient back to it, since the host's
 * side of the connection is new and the patient must be let in afresh.
 */
export async function joinCall(db: Database, user: UserRow, conferenceId: number): Promise<CallState> {
  return db.transaction(async (tx) => {
    const party = await callParty(tx, user, conferenceId, { lock: true });
    await clearSignals(tx, conferenceId);
    if (party.role === 'patient') {
      const waiting = { waitingSince: new Date(), admittedAt: null, patientSeenAt: sql`now()` };
      await tx
        .insert(conferenceCalls)
        .values({ conferenceId, ...waiting })
        .onConflictDoUpdate({ target: conferenceCalls.conferenceId, set: waiting });
    } else {
      await tx
        .update(conferenceCalls)
        .set({ admittedAt: null })
        .where(eq(conferenceCalls.conferenceId, conferenceId));
    }
    await publishLive(tx, { topics: ['conferenceCall'], userIds: [party.peerUserId] });
    return callState(tx, party);
  });
}

/** `POST /conferences/{id}/call/admit`: the host lets the waiting patient in. */
export async function admitPatient(db: Database, user: UserRow, conferenceId: number): Promise<CallState> {
  return db.transaction(async (tx) => {
    const party = await callParty(tx, user, conferenceId, { lock: true });
    if (party.role !== 'host') throw new HttpError(403, 'ACCESS_DENIED');
    const state = await callState(tx, party);
    if (state.patient !== 'waiting') throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
    await clearSignals(tx, conferenceId);
    await tx
      .update(conferenceCalls)
      .set({ admittedAt: new Date() })
      .where(eq(conferenceCalls.conferenceId, conferenceId));
    await publishLive(tx, { topics: ['conferenceCall'], userIds: [party.patientUserId] });
    return callState(tx, party);
  });
}

/**
 * `POST /conferences/{id}/call/hangup`: ends the call for both. The host ends the conference itself
 * (ENDED: nobody may enter again; a booked visit's reminders go); the patient leaves, the host hears
 * `bye` and the patient may enter the waiting room again.
 */
export async function hangUp(db: Database, user: UserRow, conferenceId: number): Promise<CallState> {
  return db.transaction(async (tx) => {
    const party = await callParty(tx, user, conferenceId, { lock: true });
    if (party.role === 'patient') return patientLeaves(tx, party);
    await clearSignals(tx, conferenceId);
    await tx.delete(conferenceCalls).where(eq(conferenceCalls.conferenceId, conferenceId));
    await tx
      .update(conferences)
      .set({ state: 'ENDED', endedAt: new Date() })
      .where(eq(conferences.id, conferenceId));
    await dropVisitReminders(tx, [conferenceId]);
    await publishLive(tx, {
      topics: ['conferenceCall', 'conferences'],
      userIds: [party.hostUserId, party.patientUserId],
    });
    return { ended: true, patient: 'absent' };
  });
}

/** The patient leaves (hangs up, or the page goes): out of the room, `bye` to the host, told at once. */
export async function patientLeaves(tx: Database, party: CallParty): Promise<CallState> {
  await clearSignals(tx, party.conferenceId);
  await tx.delete(conferenceCalls).where(eq(conferenceCalls.conferenceId, party.conferenceId));
  await tx.insert(conferenceSignals).values({
    conferenceId: party.conferenceId,
    senderUserId: party.patientUserId,
    recipientUserId: party.hostUserId,
    kind: 'bye',
    payload: null,
  });
  await publishLive(tx, { topics: ['conferenceCall'], userIds: [party.hostUserId] });
  return { ended: false, patient: 'absent' };
}
