import { and, eq, sql } from 'drizzle-orm';
import type { Patient } from '../../src/contract';
import type { UserRow } from '../app-env';
import type { Database } from '../db/client';
import { consents, favorites, guests, patients, users } from '../db/schema';
import { dossierConsentInForce } from './access';
import { dueFeaConsents } from './consents/due';
import { liveCondition } from './guests/grants';
import { patientOf } from './patients';

/** What `GET /me` decides on, read in one statement (a patient with the dossier consent needs a second). */
export type MeView =
  | { kind: 'denied'; code: 0 | 1 | 2; patient: Patient | null }
  | { kind: 'allowed'; user: UserRow; patientId: number | null };

/**
 * The caller, their patient row with its favourite flag, whether the dossier consent is in force and a
 * guest's newest live grant, all in one round trip; then, only for a patient the consent lets in, the
 * consents due for the advanced signature. The same checks in the same order as before (issue 16: /me
 * ran five statements).
 */
export async function meView(db: Database, subject: string, now: Date = new Date()): Promise<MeView> {
  const guestPatient = db
    .select({ patientId: guests.patientId })
    .from(guests)
    .where(and(eq(guests.guestUserId, users.id), liveCondition(now)))
    .orderBy(sql`${guests.invitedAt} desc`, sql`${guests.id} desc`)
    .limit(1);
  const [row] = await db
    .select({
      user: users,
      patient: patients,
      favorite: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${users.id} and ${favorites.patientId} = ${users.patientId})`,
      dossierConsent: sql<boolean>`exists (select 1 from ${consents} where ${dossierConsentInForce(sql`${users.patientId}`, now)})`,
      guestPatientId: sql<number | null>`case when ${users.userType} = 'GUE' then ${guestPatient} end`,
    })
    .from(users)
    .leftJoin(patients, and(eq(users.userType, 'PAT'), eq(patients.mepiId, users.patientId)))
    .where(eq(users.subject, subject))
    .limit(1);
  if (!row?.user.enabled) return { kind: 'denied', code: 1, patient: null };
  const { user } = row;
  if (user.userType === 'PAT' && user.patientId !== null) {
    if (!row.patient) return { kind: 'denied', code: 1, patient: null };
    const patient = patientOf(row.patient, row.favorite);
    if (!row.dossierConsent) return { kind: 'denied', code: 0, patient };
    if ((await dueFeaConsents(db, user, now)).length > 0) return { kind: 'denied', code: 2, patient };
  }
  if (user.userType === 'GUE')
    return row.guestPatientId === null
      ? { kind: 'denied', code: 1, patient: null }
      : { kind: 'allowed', user, patientId: row.guestPatientId };
  return { kind: 'allowed', user, patientId: user.patientId };
}
