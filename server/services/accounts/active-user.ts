import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { activeGuestPatient, asActiveAccount } from './guest-grants';
import { parseAccountSubject } from './subject';

/** The user of the token's active account (a guest's `patientId`: the patient it acts for), or null. */
export async function findUserBySubject(
  db: Database,
  subject: string,
  now: Date = new Date(),
): Promise<UserRow | null> {
  const { userSubject, grantId } = parseAccountSubject(subject);
  const [row] = await db
    .select({ user: users, guestPatient: activeGuestPatient(grantId, now) })
    .from(users)
    .where(eq(users.subject, userSubject))
    .limit(1);
  return row ? asActiveAccount(row.user, grantId, row.guestPatient) : null;
}

/** The enabled portal user behind the token, or 403: a token alone never opens patient data. */
export async function requireUser(db: Database, subject: string): Promise<UserRow> {
  const user = await findUserBySubject(db, subject);
  if (!user?.enabled) throw new HttpError(403, 'ACCESS_DENIED');
  return user;
}
