import { eq } from 'drizzle-orm';
import type { CallState } from '../../../../src/contract';
import type { Database } from '../../../db/client';
import { conferenceCalls, conferenceSignals, type UserRow } from '../../../db/schema';
import { publishLive } from '../../live/publish';
import { callParty } from './party';
import { callState, clearSignals, patientLeaves } from './session';

/**
 * `POST /conferences/{id}/call/leave`: the page goes (the `pagehide` beacon of a closed tab, a reload, a
 * navigation away). Unlike hanging up it never ends the conference. The patient leaves the room and the
 * host is told at once; the host's going sends an admitted patient back to the waiting room, since the
 * host's side of the connection is gone. A patient not in the room changes nothing.
 */
export async function leaveCall(db: Database, user: UserRow, conferenceId: number): Promise<CallState> {
  return db.transaction(async (tx) => {
    const party = await callParty(tx, user, conferenceId, { lock: true });
    const [room] = await tx
      .select({ admittedAt: conferenceCalls.admittedAt })
      .from(conferenceCalls)
      .where(eq(conferenceCalls.conferenceId, conferenceId));
    if (!room) return callState(tx, party);
    if (party.role === 'patient') return patientLeaves(tx, party);
    if (room.admittedAt === null) return callState(tx, party);
    await clearSignals(tx, conferenceId);
    await tx
      .update(conferenceCalls)
      .set({ admittedAt: null })
      .where(eq(conferenceCalls.conferenceId, conferenceId));
    await tx.insert(conferenceSignals).values({
      conferenceId,
      senderUserId: party.hostUserId,
      recipientUserId: party.patientUserId,
      kind: 'bye',
      payload: null,
    });
    await publishLive(tx, { topics: ['conferenceCall'], userIds: [party.patientUserId] });
    return callState(tx, party);
  });
}
