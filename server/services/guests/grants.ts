import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { GuestRelationship, GuestRight } from '../../../src/contract';
import type { UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { documents, guestDocuments, guests } from '../../db/schema';

/** A live grant: not revoked and its deadline still ahead. */
export interface LiveGrant {
  id: number;
  patientId: number;
  relationship: GuestRelationship;
  rights: GuestRight[];
  deadline: Date;
}

/** A grant not revoked and before its deadline. */
export const liveCondition = (now: Date | SQL): SQL =>
  and(isNull(guests.revokedAt), gt(guests.deadline, now)) as SQL;

/**
 * The guest's live grant on this patient, read from the table on every request (never from the token),
 * so a revocation or an expiry takes effect on the guest's next request. Only the active account's
 * patient (`guest.patientId`, set from the token's subject): another patient's grant is another account.
 */
export async function liveGrant(
  db: Database,
  guest: Pick<UserRow, 'id' | 'patientId'>,
  patientId: number,
  now: Date = new Date(),
): Promise<LiveGrant | null> {
  if (guest.patientId !== patientId) return null;
  const [row] = await db
    .select({
      id: guests.id,
      patientId: guests.patientId,
      relationship: guests.relationship,
      rights: guests.rights,
      deadline: guests.deadline,
    })
    .from(guests)
    .where(and(eq(guests.guestUserId, guest.id), eq(guests.patientId, patientId), liveCondition(now)))
    .limit(1);
  return row
    ? { ...row, relationship: row.relationship as GuestRelationship, rights: row.rights as GuestRight[] }
    : null;
}

/**
 * SQL condition on `documents` for a guest: a live grant on the document's patient, and either the
 * document is shared with the guest, or the grant carries the 'dossier' right and the document is not
 * obscured for the guest's relationship (the relationship names are the obscuring flags).
 */
export function guestVisibleCondition(guest: Pick<UserRow, 'id' | 'patientId'>, now: Date = new Date()): SQL {
  return sql`exists (select 1 from ${guests}
    where ${guests.guestUserId} = ${guest.id}
      and ${guests.patientId} = ${documents.patientId}
      and ${guests.patientId} = ${guest.patientId ?? -1}
      and ${guests.revokedAt} is null
      and ${guests.deadline} > ${now.toISOString()}::timestamptz
      and ((('dossier' = any(${guests.rights}))
            and not coalesce((${documents.obscuring} ->> ${guests.relationship})::boolean, false))
        or exists (select 1 from ${guestDocuments}
          where ${guestDocuments.guestId} = ${guests.id} and ${guestDocuments.documentId} = ${documents.id})))`;
}

/** Whether a guest may see this one document now (same rule as the lists). */
export async function isVisibleToGuest(
  db: Database,
  guest: Pick<UserRow, 'id' | 'patientId'>,
  documentId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), guestVisibleCondition(guest, now)))
    .limit(1);
  return row !== undefined;
}

/** Deadlines are calendar days: access lasts until the midnight (Rome) that ends the chosen day. */
export function deadlineInstant(isoDate: string): SQL {
  return sql`((${isoDate})::date + 1)::timestamp at time zone 'Europe/Rome'`;
}

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last day of access of a stored deadline (the instant just before it, in Rome). */
export function deadlineDay(deadline: Date): string {
  return romeDay.format(new Date(deadline.getTime() - 1));
}

/** Today's date in Rome, YYYY-MM-DD. */
export function romeToday(now: Date): string {
  return romeDay.format(now);
}
