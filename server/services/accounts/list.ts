import { and, eq, or, sql } from 'drizzle-orm';
import type { Account, UserType } from '../../../src/contract';
import type { Database } from '../../db/client';
import { guests, patients, totpFactors, type UserRow, users } from '../../db/schema';
import { isStaff } from '../users';
import { liveCondition } from './guest-grants';
import { guestAccountSubject } from './subject';

/** An account with the token subject that acts as it, and its user (whose factor a step-up checks). */
export interface AccountEntry extends Account {
  subject: string;
  userId: number;
  username: string;
}

/** What `GET /account/accounts` shows of an account. */
export function publicAccount({ subject: _s, userId: _u, username: _n, ...account }: AccountEntry): Account {
  return account;
}

/**
 * The accounts of the person signed in as `caller` (the active account's user row): every enabled user
 * sharing the caller's person key (or the caller alone), a guest once per live grant, in one statement.
 * A guest without a live grant has no account to offer.
 */
export async function accountsOf(
  db: Database,
  caller: UserRow,
  now: Date = new Date(),
): Promise<AccountEntry[]> {
  const samePerson =
    caller.personKey === null
      ? eq(users.id, caller.id)
      : or(eq(users.id, caller.id), eq(users.personKey, caller.personKey));
  const rows = await db
    .select({
      userId: users.id,
      subject: users.subject,
      username: users.username,
      factorConfirmedAt: totpFactors.confirmedAt,
      userType: users.userType,
      displayName: users.displayName,
      grantId: guests.id,
      patientId: guests.patientId,
      patientName: sql<string | null>`${patients.name} || ' ' || ${patients.surname}`,
    })
    .from(users)
    .leftJoin(guests, and(eq(users.userType, 'GUE'), eq(guests.guestUserId, users.id), liveCondition(now)))
    .leftJoin(patients, eq(patients.mepiId, guests.patientId))
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(and(samePerson, eq(users.enabled, true)))
    .orderBy(users.id, guests.invitedAt, guests.id);
  const accounts: AccountEntry[] = [];
  for (const row of rows) {
    const userType = row.userType as UserType;
    const user = { userId: row.userId, username: row.username };
    if (userType === 'GUE') {
      if (row.grantId === null) continue;
      accounts.push({
        id: `g${row.grantId}`,
        subject: guestAccountSubject(row.subject, row.grantId),
        ...user,
        userType,
        displayName: row.displayName,
        patientName: row.patientName,
        current: row.userId === caller.id && row.patientId === caller.patientId,
        stepUp: [],
      });
      continue;
    }
    const current = row.userId === caller.id;
    // A staff account is entered with its authenticator's code; without a confirmed one it is not offered.
    const staff = isStaff({ userType });
    if (staff && !current && row.factorConfirmedAt === null) continue;
    accounts.push({
      id: `u${row.userId}`,
      subject: row.subject,
      ...user,
      userType,
      displayName: row.displayName,
      patientName: null,
      current,
      stepUp: staff && !current ? ['totp'] : [],
    });
  }
  return accounts;
}
