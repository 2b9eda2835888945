import { eq } from 'drizzle-orm';
import type { CallRole } from '../../../../src/contract';
import type { Database } from '../../../db/client';
import { conferences, type UserRow } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { assertJoinOpen } from '../visits';

/** A conference as one of its two parties sees it for the call. */
export interface CallParty {
  conferenceId: number;
  role: CallRole;
  hostUserId: number;
  patientUserId: number;
  /** The other party's user id. */
  peerUserId: number;
  ended: boolean;
}

/**
 * The gate of every call route: only the host (who requested the conference) and the invited patient's
 * account, only once the conference is ACCEPTED; an ENDED one may still be read (`readEnded`), so a
 * page learns that the call is over. Anyone else, or any other state, gets the 404 of a missing
 * conference. A booked visit not yet open is refused to its parties too (CONFERENCE_NOT_YET_OPEN), on
 * every call route: nobody enters, waits or signals early. `lock` takes the conference's row lock, so the waiting room and the signal limit of one
 * conference change one request at a time whatever the process.
 */
export async function callParty(
  db: Database,
  user: Pick<UserRow, 'id'>,
  conferenceId: number,
  options: { readEnded?: boolean; lock?: boolean } = {},
): Promise<CallParty> {
  const query = db
    .select({
      hostUserId: conferences.requestedByUserId,
      patientUserId: conferences.inviteeUserId,
      state: conferences.state,
      scheduledAt: conferences.scheduledAt,
    })
    .from(conferences)
    .where(eq(conferences.id, conferenceId));
  const [row] = options.lock ? await query.for('update') : await query;
  const allowed = row && (row.state === 'ACCEPTED' || (options.readEnded === true && row.state === 'ENDED'));
  if (!row || !allowed) throw new HttpError(404, 'NOT_FOUND');
  const role: CallRole | null =
    row.hostUserId === user.id ? 'host' : row.patientUserId === user.id ? 'patient' : null;
  if (!role) throw new HttpError(404, 'NOT_FOUND');
  if (row.state === 'ACCEPTED') assertJoinOpen(row.scheduledAt);
  return {
    conferenceId,
    role,
    hostUserId: row.hostUserId,
    patientUserId: row.patientUserId,
    peerUserId: role === 'host' ? row.patientUserId : row.hostUserId,
    ended: row.state === 'ENDED',
  };
}
