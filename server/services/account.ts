import { and, eq, sql } from 'drizzle-orm';
import type { Patient } from '../../src/contract';
import type { Database } from '../db/client';
import { instantPlaceholder, preparedOnce } from '../db/prepared';
import { consents, favorites, patients, type UserRow, users } from '../db/schema';
import { dossierConsentInForce } from './access/gate';
import { activeGuestPatient, asActiveAccount } from './accounts/guest-grants';
import { parseAccountSubject } from './accounts/subject';
import { dueAmong } from './consents/due';
import { patientOf } from './patients';

/** What `GET /me` decides on, read in one statement. */
export type MeView =
  | { kind: 'denied'; code: 0 | 1 | 2; patient: Patient | null }
  | { kind: 'allowed'; user: UserRow; patientId: number | null };

/** A current consent as /me reads it (JSON: the instants come as text). */
interface ConsentJson {
  consentCode: string;
  statusCode: string;
  expiresAt: string | null;
  revokedAt: string | null;
}

const instant = (text: string | null): Date | null => (text === null ? null : new Date(text));

/** The statement of meView, prepared once: it runs on every start of the app. */
const meStatement = (db: Database) =>
  preparedOnce(db, 'me_view', (name) => {
    const now = instantPlaceholder('now');
    return db
      .select({
        user: users,
        patient: patients,
        favorite: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${users.id} and ${favorites.patientId} = ${users.patientId})`,
        dossierConsent: sql<boolean>`exists (select 1 from ${consents} where ${dossierConsentInForce(sql`${users.patientId}`, now)})`,
        consents: sql<ConsentJson[] | null>`case when ${users.userType} = 'PAT' then (
          select json_agg(json_build_object('consentCode', ${consents.consentCode}, 'statusCode', ${consents.statusCode},
            'expiresAt', ${consents.expiresAt}, 'revokedAt', ${consents.revokedAt}) order by ${consents.id})
          from ${consents} where ${consents.patientId} = ${users.patientId} and ${consents.superseded} = false) end`,
        guestPatientId: activeGuestPatient(sql`${sql.placeholder('grantId')}::integer`, now),
      })
      .from(users)
      .leftJoin(patients, and(eq(users.userType, 'PAT'), eq(patients.mepiId, users.patientId)))
      .where(eq(users.subject, sql.placeholder('subject')))
      .limit(1)
      .prepare(name);
  });

/**
 * The caller, their patient row with its favourite flag, whether the dossier consent is in force, a
 * patient's current consents (for those due for the advanced signature) and a guest's newest live grant,
 * all in one round trip. The same checks in the same order as before (/me used to run five statements).
 */
export async function meView(db: Database, subject: string, now: Date = new Date()): Promise<MeView> {
  const { userSubject, grantId } = parseAccountSubject(subject);
  const [row] = await meStatement(db).execute({ subject: userSubject, grantId, now: now.toISOString() });
  const user = row ? asActiveAccount(row.user, grantId, row.guestPatientId) : null;
  if (!row || !user?.enabled) return { kind: 'denied', code: 1, patient: null };
  if (user.userType === 'PAT' && user.patientId !== null) {
    if (!row.patient) return { kind: 'denied', code: 1, patient: null };
    const patient = patientOf(row.patient, row.favorite);
    if (!row.dossierConsent) return { kind: 'denied', code: 0, patient };
    const current = (row.consents ?? []).map((consent) => ({
      ...consent,
      expiresAt: instant(consent.expiresAt),
      revokedAt: instant(consent.revokedAt),
    }));
    if (dueAmong(current, user, now).length > 0) return { kind: 'denied', code: 2, patient };
  }
  // A guest's active account: the grant the token names, or the newest; none left is no access.
  if (user.userType === 'GUE')
    return user.patientId === null
      ? { kind: 'denied', code: 1, patient: null }
      : { kind: 'allowed', user, patientId: user.patientId };
  return { kind: 'allowed', user, patientId: user.patientId };
}
