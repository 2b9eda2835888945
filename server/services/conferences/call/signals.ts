import { and, asc, count, eq, gt } from 'drizzle-orm';
import * as v from 'valibot';
import {
  CALL_SIGNALS_MAX,
  CALL_SIGNALS_PAGE,
  CallCandidate,
  type CallSignal,
  type CallSignalInput,
  type CallSignals,
} from '../../../../src/contract';
import type { Database } from '../../../db/client';
import { conferenceSignals, type UserRow } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { publishLive } from '../../live/publish';
import { callParty } from './party';
import { callState, markPatientSeen } from './session';

/**
 * `POST /conferences/{id}/call/signals`: an offer, answer or ICE candidate for the other party, once the
 * patient is admitted. Stored (the recipient may be served by another process) and announced on the
 * live channel; at most CALL_SIGNALS_MAX per conference, counted under the conference's row lock.
 */
export async function sendSignal(
  db: Database,
  user: UserRow,
  conferenceId: number,
  input: CallSignalInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const party = await callParty(tx, user, conferenceId, { lock: true });
    if ((await callState(tx, party)).patient !== 'admitted')
      throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
    const [held] = await tx
      .select({ n: count() })
      .from(conferenceSignals)
      .where(eq(conferenceSignals.conferenceId, conferenceId));
    if ((held?.n ?? 0) >= CALL_SIGNALS_MAX) throw new HttpError(429, 'RATE_LIMITED');
    await tx.insert(conferenceSignals).values({
      conferenceId,
      senderUserId: user.id,
      recipientUserId: party.peerUserId,
      kind: input.kind,
      payload: input.kind === 'candidate' ? JSON.stringify(input.candidate) : input.sdp,
    });
    await publishLive(tx, { topics: ['conferenceCall'], userIds: [party.peerUserId] });
  });
}

function toSignal(row: { id: number; kind: string; payload: string | null }): CallSignal | null {
  switch (row.kind) {
    case 'offer':
    case 'answer':
      return { id: row.id, kind: row.kind, sdp: row.payload ?? '' };
    case 'candidate': {
      const candidate = v.safeParse(CallCandidate, JSON.parse(row.payload ?? 'null'));
      return candidate.success ? { id: row.id, kind: 'candidate', candidate: candidate.output } : null;
    }
    case 'bye':
      return { id: row.id, kind: 'bye' };
    default:
      return null;
  }
}

/** `GET /conferences/{id}/call/signals?after=`: the caller's signals after the cursor, oldest first. */
export async function listSignals(
  db: Database,
  user: UserRow,
  conferenceId: number,
  after: number,
): Promise<CallSignals> {
  const party = await callParty(db, user, conferenceId, { readEnded: true });
  if (party.role === 'patient' && !party.ended) await markPatientSeen(db, conferenceId);
  const rows = await db
    .select({ id: conferenceSignals.id, kind: conferenceSignals.kind, payload: conferenceSignals.payload })
    .from(conferenceSignals)
    .where(
      and(
        eq(conferenceSignals.conferenceId, conferenceId),
        eq(conferenceSignals.recipientUserId, user.id),
        gt(conferenceSignals.id, after),
      ),
    )
    .orderBy(asc(conferenceSignals.id))
    .limit(CALL_SIGNALS_PAGE + 1);
  const page = rows.slice(0, CALL_SIGNALS_PAGE);
  return {
    signals: page.flatMap((row) => toSignal(row) ?? []),
    more: rows.length > CALL_SIGNALS_PAGE,
    state: await callState(db, party),
  };
}
