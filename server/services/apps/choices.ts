import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { guests, patients, users } from '../../db/schema';
import { liveCondition } from '../accounts/guest-grants';
import { guestAccountSubject, parseAccountSubject } from '../accounts/subject';

/** A dossier the signed-in user may let an app read, and the account the app then reads as. */
export interface PatientChoice {
  patientId: number;
  name: string;
  account: string;
}

/**
 * The dossiers an app may be given by whoever is signed in: a patient their own; a guest each patient of
 * a live grant, read as that grant's account (so the app sees what the guest may, and stops with the
 * grant); staff and anyone else none (SMART's clinician access is not offered). Computed again when the
 * choice is posted: a patient id that is not among these is no choice at all.
 */
export async function patientChoices(
  db: Database,
  accountId: string,
  now: Date = new Date(),
): Promise<PatientChoice[]> {
  const { userSubject } = parseAccountSubject(accountId);
  const [user] = await db
    .select({ id: users.id, userType: users.userType, patientId: users.patientId, enabled: users.enabled })
    .from(users)
    .where(eq(users.subject, userSubject))
    .limit(1);
  if (!user?.enabled) return [];
  const fullName = sql<string>`${patients.name} || ' ' || ${patients.surname}`;
  if (user.userType === 'PAT' && user.patientId !== null) {
    const [own] = await db
      .select({ name: fullName })
      .from(patients)
      .where(eq(patients.mepiId, user.patientId))
      .limit(1);
    return own ? [{ patientId: user.patientId, name: own.name, account: userSubject }] : [];
  }
  if (user.userType !== 'GUE') return [];
  const grants = await db
    .select({ grantId: guests.id, patientId: guests.patientId, name: fullName })
    .from(guests)
    .innerJoin(patients, eq(patients.mepiId, guests.patientId))
    .where(and(eq(guests.guestUserId, user.id), liveCondition(now)))
    .orderBy(guests.invitedAt, guests.id);
  return grants.map((grant) => ({
    patientId: grant.patientId,
    name: grant.name,
    account: guestAccountSubject(userSubject, grant.grantId),
  }));
}
