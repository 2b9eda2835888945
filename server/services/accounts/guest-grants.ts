/**
 * The guest-grant reads in one place: the access gate, the guests area and the active account of a token all
 * read a guest's grants from here.
 */
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { GuestRelationship, GuestRight } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, guestDocuments, guests, type UserRow, users } from '../../db/schema';

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

/**
 * SQL: the patient a guest acts for, in a query over `users`. The grant the subject names when it names
 * one (null once revoked or expired: the account is gone, not swapped for another), else the newest live
 * grant. Null for everyone but guests.
 */
export function activeGuestPatient(grantId: number | null | SQL, now: Date | SQL): SQL<number | null> {
  // A prepared statement gives the grant as a placeholder: null there means "the newest live grant" too.
  const chosen =
    grantId === null
      ? sql`true`
      : typeof grantId === 'number'
        ? eq(guests.id, grantId)
        : sql`(${grantId} is null or ${guests.id} = ${grantId})`;
  const grant = sql`(select ${guests.patientId} from ${guests}
    where ${guests.guestUserId} = ${users.id} and ${chosen} and ${liveCondition(now)}
    order by ${guests.invitedAt} desc, ${guests.id} desc limit 1)`;
  return sql<number | null>`case when ${users.userType} = 'GUE' then ${grant} end`;
}

/**
 * The user row as the rest of the server sees it: a guest's `patientId` is the patient of the active
 * account, so every guest rule (which checks `user.patientId`) reads one patient only. A subject naming a
 * grant on a non-guest is no account at all: disabled.
 */
export function asActiveAccount(user: UserRow, grantId: number | null, guestPatient: number | null): UserRow {
  if (user.userType === 'GUE') return { ...user, patientId: guestPatient };
  return grantId === null ? user : { ...user, enabled: false };
}

/** The live grants of a guest, restricted to the active account's patient. */
export function activeGrantCondition(user: Pick<UserRow, 'id' | 'patientId'>): SQL {
  return and(eq(guests.guestUserId, user.id), eq(guests.patientId, user.patientId ?? -1)) as SQL;
}
