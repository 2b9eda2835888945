import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../../app-env';
import { guests, users } from '../../db/schema';
import { liveCondition } from '../guests/grants';

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
