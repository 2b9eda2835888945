import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { DOSSIER_CONSENT_CODE } from '../../constants';
import type { Database } from '../../db/client';
import { instantPlaceholder, preparedOnce } from '../../db/prepared';
import { consents, patients, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { activeGuestPatient, asActiveAccount, liveGrant } from '../accounts/guest-grants';
import { parseAccountSubject } from '../accounts/subject';
import {
  type AccessTitle,
  type AuditActivity,
  type AuditEntry,
  recordAccess,
  recordAccessForEach,
} from '../audit';
import { patientExists } from '../patients';
import { isStaff } from '../users';
import { type AuditedStatement, recordAccessWith } from './audited-statement';

/** The consents row that opens the dossier: current version, GIVEN, not revoked and not expired. */
export function dossierConsentInForce(patientId: number | SQL, now: Date | SQL): SQL | undefined {
  return and(
    eq(consents.patientId, patientId),
    eq(consents.consentCode, DOSSIER_CONSENT_CODE),
    eq(consents.superseded, false),
    eq(consents.statusCode, 'GIVEN'),
    isNull(consents.revokedAt),
    or(isNull(consents.expiresAt), gt(consents.expiresAt, now)),
  );
}

/** The current version of the dossier consent is GIVEN, not revoked and not expired. */
export async function hasDossierConsent(
  db: Database,
  patientId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(dossierConsentInForce(patientId, now))
    .limit(1);
  return row !== undefined;
}

/**
 * Why this user may read this patient (the access title), or the refusal (not yet audited). The one place
 * a title is decided: every audit row takes its title from here.
 */
async function decide(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<{ title: AccessTitle; refusal: HttpError | null }> {
  switch (user.userType) {
    case 'PAT':
      return user.patientId === patientId
        ? { title: 'SELF', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
    case 'GUE':
      // The guests table decides, on every request: a revoked or expired grant refuses at once; and only
      // the active account's patient (a guest of two patients reads one at a time).
      return (await liveGrant(db, user, patientId))
        ? { title: 'DELEGATE', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
    case 'PHY':
    case 'OPT':
    case 'ADM':
      return (await hasDossierConsent(db, patientId))
        ? { title: 'DOSSIER_CONSENT', refusal: null }
        : { title: 'NONE', refusal: new HttpError(403, 'DOSSIER_NOT_AUTHORIZED') };
    default:
      return { title: 'NONE', refusal: new HttpError(403, 'ACCESS_DENIED') };
  }
}

/**
 * The one place that decides whether a user may read a patient's data: the patient themself, a guest
 * holding a live grant (not revoked, deadline ahead), or staff when the patient gave the dossier consent. Every attempt on an existing
 * patient, allowed or refused, is written to the audit trail. Returns the access title.
 */
export async function authorizePatientAccess(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  audit: AuditDetails = {},
): Promise<AccessTitle> {
  await refuseMissingPatient(db, user, patientId);
  return decideAndAudit(db, user, patientId, activity, audit);
}

/**
 * 404 for a patient who does not exist. A patient reading their own record needs no query: their account
 * references their patient row (users.patient_id), which therefore exists.
 */
async function refuseMissingPatient(db: Database, user: UserRow, patientId: number): Promise<void> {
  if (user.userType === 'PAT' && user.patientId === patientId) return;
  if (!(await patientExists(db, patientId))) throw new HttpError(404, 'NOT_FOUND');
}

/**
 * authorizePatientAccess for a read that may run beside its audit row: the decision first (a refusal is
 * written and thrown before anything is read), then the allowed row and the read at once, one round trip
 * instead of two. The caller gets the result only when both succeed: a failed audit write fails the request.
 */
export async function authorizedRead<T>(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  audit: AuditDetails,
  read: () => Promise<T>,
): Promise<T> {
  await refuseMissingPatient(db, user, patientId);
  const { entry, refusal } = await decideEntry(db, user, patientId, activity, audit);
  if (refusal) {
    await recordAccess(db, entry);
    throw refusal;
  }
  const [, result] = await Promise.all([recordAccess(db, entry), read()]);
  return result;
}

/**
 * `hidden`: what the caller asked for within the patient (a document, a study) is obscured for them. The
 * gate then refuses it as if it did not exist (404) and audits the attempt as DENIED, even when the
 * patient's data as such is open to the caller.
 */
type AuditDetails = {
  documentId?: number;
  documentTypeCode?: string;
  detail?: string;
  hidden?: boolean;
  /** The SMART app reading for the user (audit_log.app_name). */
  appName?: string;
};

/** The decision on an existing patient as its audit row, and the refusal if any (not yet written). */
async function decideEntry(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  audit: AuditDetails,
): Promise<{ entry: AuditEntry; refusal: HttpError | null }> {
  const { hidden = false, ...details } = audit;
  const decision = await decide(db, user, patientId);
  const refusal = decision.refusal ?? (hidden ? new HttpError(404, 'NOT_FOUND') : null);
  const entry: AuditEntry = {
    user,
    patientId,
    activity,
    accessTitle: decision.title,
    outcome: refusal ? 'DENIED' : 'ALLOWED',
    ...details,
  };
  return { entry, refusal };
}

/** The decision on an existing patient, audited. */
async function decideAndAudit(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  audit: AuditDetails,
): Promise<AccessTitle> {
  const { entry, refusal } = await decideEntry(db, user, patientId, activity, audit);
  await recordAccess(db, entry);
  if (refusal) throw refusal;
  return entry.accessTitle;
}

/** The caller's user row and whether the patient exists: prepared once (it runs on every list). */
const callerStatement = (db: Database) =>
  preparedOnce(db, 'caller_and_patient', (name) =>
    db
      .select({
        user: users,
        guestPatient: activeGuestPatient(
          sql`${sql.placeholder('grantId')}::integer`,
          instantPlaceholder('now'),
        ),
        patientExists: sql<boolean>`exists (select 1 from ${patients} where ${patients.mepiId} = ${sql.placeholder('patientId')})`,
      })
      .from(users)
      .where(eq(users.subject, sql.placeholder('subject')))
      .limit(1)
      .prepare(name),
  );

/**
 * The caller (requireUser) + authorizePatientAccess in fewer round trips, for the hottest read (the document list):
 * the caller's user row and whether the patient exists come in one statement, and what the route does
 * first (`alongside`, given the caller: a write, the read itself) runs in the statement that writes the
 * allowed audit row; its result comes back. Same checks in the same order (a disabled or unknown user 403
 * as requireUser, a missing patient 404 unaudited), same audit row; a refusal writes its row alone.
 */
export async function authorizeCallerAccess<T>(
  db: Database,
  subject: string,
  patientId: number,
  activity: AuditActivity,
  alongside: (user: UserRow) => AuditedStatement<T>,
): Promise<{ user: UserRow; title: AccessTitle; result: T }> {
  const { userSubject, grantId } = parseAccountSubject(subject);
  const [row] = await callerStatement(db).execute({
    subject: userSubject,
    patientId,
    grantId,
    now: new Date().toISOString(),
  });
  const user = row ? asActiveAccount(row.user, grantId, row.guestPatient) : null;
  if (!row || !user?.enabled) throw new HttpError(403, 'ACCESS_DENIED');
  if (!row.patientExists) throw new HttpError(404, 'NOT_FOUND');
  const { entry, refusal } = await decideEntry(db, user, patientId, activity, {});
  if (refusal) {
    await recordAccess(db, entry);
    throw refusal;
  }
  const result = await recordAccessWith(db, entry, alongside(user));
  return { user, title: entry.accessTitle, result };
}

/**
 * An audit row for an access the gate does not refuse or allow by itself: a write by the owner, a list
 * across patients, a refusal that comes after the gate (an invalid grant, a role that may not view
 * images), a collection without the dossier consent. The title is still the gate's decision. For this
 * folder only: the areas write through `recorded.ts`.
 */
export async function recordAccessOutsideGate(
  db: Database,
  entry: Omit<AuditEntry, 'accessTitle'>,
): Promise<void> {
  const { title } = await decide(db, entry.user, entry.patientId);
  await recordAccess(db, { ...entry, accessTitle: title });
}

/** Lists of patients are for staff only. */
export function assertCanListPatients(user: UserRow): void {
  if (!isStaff(user)) throw new HttpError(403, 'ACCESS_DENIED');
}

/**
 * The audit rows of a staff list or search across patients: one row per patient it returned (so each
 * patient's treatment history shows who listed or found them), all in one INSERT … SELECT whose titles
 * the database decides as `decide` does for staff: the dossier consent in force, else no title.
 */
export async function recordPatientsListed(
  db: Database,
  user: UserRow,
  patientIds: readonly number[],
  activity: Extract<AuditActivity, 'PATIENT_LIST' | 'PATIENT_SEARCH'>,
  detail: string,
  now: Date = new Date(),
): Promise<void> {
  assertCanListPatients(user);
  await recordAccessForEach(
    db,
    { user, activity, outcome: 'ALLOWED', detail },
    patientIds,
    (patientId) =>
      sql<AccessTitle>`case when exists (select 1 from ${consents} where ${dossierConsentInForce(patientId, now)}) then 'DOSSIER_CONSENT' else 'NONE' end`,
  );
}
