import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Account, AccountClaims } from 'oidc-provider';
import type { Database } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { findUserBySubject } from '../services/accounts/active-user';
import { parseAccountSubject } from '../services/accounts/subject';
import { verifyPassword } from '../services/password';
import type { DemoAccountRow } from './html';

// Verified against when the username is unknown, so a miss costs as much as a wrong password.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export function claimsOf(user: UserRow): AccountClaims {
  return {
    sub: user.subject,
    name: user.displayName,
    preferred_username: user.username,
    user_type: user.userType,
    ...(user.email ? { email: user.email, email_verified: true } : {}),
    // SMART's `fhirUser`, for the apps that ask: a patient is their own Patient. A guest is left without
    // one (the endpoint serves no RelatedPerson), which SMART allows for a user it cannot represent.
    ...(user.userType === 'PAT' && user.patientId !== null ? { fhirUser: `Patient/${user.patientId}` } : {}),
  };
}

/**
 * oidc-provider's `findAccount`: enabled users by subject; a guest's account of one grant
 * (`<subject>#g<grant>`, after an account switch) while that grant lives, so a refresh stops with it.
 */
export async function findAccount(db: Database, subject: string): Promise<Account | undefined> {
  const user = await findUserBySubject(db, subject);
  if (!user?.enabled) return undefined;
  if (parseAccountSubject(subject).grantId !== null && user.patientId === null) return undefined;
  return { accountId: subject, claims: () => ({ ...claimsOf(user), sub: subject }) };
}

/** The subject of the user these credentials belong to, or null. */
export async function authenticate(db: Database, username: string, password: string): Promise<string | null> {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !user.enabled || !ok) return null;
  return user.subject;
}

/** Demo accounts present in the database, for the login page in demo mode. */
export async function listDemoAccounts(db: Database, names: readonly string[]): Promise<DemoAccountRow[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ username: users.username, userType: users.userType, displayName: users.displayName })
    .from(users)
    .where(and(inArray(users.username, names), eq(users.enabled, true), isNotNull(users.passwordHash)));
  // The order of the README: patients first, then staff, then the guest.
  return rows.sort((a, b) => names.indexOf(a.username) - names.indexOf(b.username));
}
