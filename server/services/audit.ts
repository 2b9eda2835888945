import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog, type UserRow } from '../db/schema';

/** Why a user may see a patient's data; stored as a code, shown translated in the treatment history. */
export type AccessTitle = 'SELF' | 'DELEGATE' | 'DOSSIER_CONSENT' | 'SHARED_LINK' | 'NONE';

/** What was done; `/trackingPatientHistory/{id}/activities` lists these. */
export type AuditActivity =
  | 'PATIENT_READ'
  | 'PATIENT_LIST'
  | 'PATIENT_SEARCH'
  | 'DOCUMENT_LIST'
  | 'DOCUMENT_READ'
  | 'DOCUMENT_VIEW'
  | 'DOCUMENT_DOWNLOAD'
  | 'DOCUMENT_RESTORE'
  | 'DOCUMENT_OBSCURE'
  | 'STUDY_STATUS'
  | 'STUDY_MOVE'
  | 'STUDY_VIEW'
  | 'HISTORY_READ'
  | 'CONSENT_READ'
  | 'CONSENT_WRITE'
  | 'UPLOAD_READ'
  | 'UPLOAD_WRITE'
  | 'UPLOAD_REVIEW'
  | 'DOCUMENT_REQUEST_READ'
  | 'DOCUMENT_REQUEST_WRITE'
  | 'CARE_PLAN_READ'
  | 'CARE_PLAN_WRITE'
  | 'PAIR_READ'
  | 'PAIR_WRITE'
  | 'SUMMARY_READ'
  | 'SHL_READ'
  | 'SHL_WRITE'
  | 'SHL_OPEN'
  | 'RECORD_EXPORT'
  | 'RECORD_EXPORT_DOWNLOAD'
  | 'RESULTS_READ'
  | 'READING_READ'
  | 'READING_WRITE'
  | 'FHIR_READ'
  | 'APP_AUTHORIZE'
  | 'APP_REVOKE'
  | 'DISPUTE_WRITE'
  | 'DISPUTE_READ'
  | 'DISPUTE_ANSWER';

export interface AuditEntry {
  user: UserRow;
  patientId: number;
  activity: AuditActivity;
  accessTitle: AccessTitle;
  outcome: 'ALLOWED' | 'DENIED';
  documentId?: number | null;
  documentTypeCode?: string | null;
  detail?: string | null;
  /** The third-party app (SMART) that read on the user's behalf: the history names it. */
  appName?: string | null;
}

/** The audit row's columns for one entry: the one place that maps an entry onto the table. */
const auditRow = (entry: AuditEntry) => ({
  userId: entry.user.id,
  userRole: entry.user.userType,
  userName: entry.user.displayName,
  accessTitle: entry.accessTitle,
  patientId: entry.patientId,
  activity: entry.activity,
  documentId: entry.documentId ?? null,
  documentTypeCode: entry.documentTypeCode ?? null,
  outcome: entry.outcome,
  detail: entry.detail ?? null,
  appName: entry.appName ?? null,
});
type AuditColumn = keyof ReturnType<typeof auditRow>;

/** The insert of one audit row, not yet run. */
function auditInsert(db: Database, entry: AuditEntry) {
  return db.insert(auditLog).values(auditRow(entry));
}

/** Appends one row to the audit trail (the table refuses updates and deletes). */
export async function recordAccess(db: Database, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}

/**
 * One row per patient in a single INSERT … SELECT over the array of ids (a list across patients writes a
 * row per patient it returned). `titleOf` is the access title as an SQL expression on the patient id,
 * planned once for every row rather than once per row.
 */
export async function recordAccessForEach(
  db: Database,
  entry: Omit<AuditEntry, 'patientId' | 'accessTitle'>,
  patientIds: readonly number[],
  titleOf: (patientId: SQL) => SQL<AccessTitle>,
): Promise<void> {
  if (patientIds.length === 0) return;
  const listed = sql`listed.id`;
  // Casts: in INSERT … SELECT the parameters would otherwise be text.
  await db.execute(sql`insert into ${auditLog}
    (user_id, user_role, user_name, access_title, patient_id, activity, document_id, document_type_code, outcome, detail)
    select ${entry.user.id}::int, ${entry.user.userType}::text, ${entry.user.displayName}::text, ${titleOf(listed)},
      ${listed}, ${entry.activity}::text, ${entry.documentId ?? null}::int, ${entry.documentTypeCode ?? null}::text,
      ${entry.outcome}::text, ${entry.detail ?? null}::text
    from unnest(${`{${patientIds.join(',')}}`}::int[]) as listed(id)`);
}

const AUDIT_COLUMNS: readonly AuditColumn[] = [
  'userId',
  'userRole',
  'userName',
  'accessTitle',
  'patientId',
  'activity',
  'documentId',
  'documentTypeCode',
  'outcome',
  'detail',
  'appName',
];
const placeholderName = (column: AuditColumn): string => `audit_${column}`;

/** The audit row with its values as placeholders (`audit_…`), for prepared statements that write it. */
export function auditInsertPlaceholders(db: Database) {
  const placeholders = Object.fromEntries(
    AUDIT_COLUMNS.map((column) => [column, sql.placeholder(placeholderName(column))]),
  ) as Record<AuditColumn, Placeholder>;
  return db.insert(auditLog).values(placeholders);
}

/** The placeholders' values of auditInsertPlaceholders for one entry. */
export const auditValues = (entry: AuditEntry): Record<string, unknown> => {
  const row = auditRow(entry);
  return Object.fromEntries(AUDIT_COLUMNS.map((column) => [placeholderName(column), row[column]]));
};

/**
 * A read by someone with no account (the recipient of a shared link): no user, the name they gave, the
 * patient's own link as the title. Called only by access/recorded.ts.
 */
export async function recordExternalAccess(
  db: Database,
  entry: { patientId: number; activity: AuditActivity; name: string; detail: string | null },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: null,
    userRole: 'EXT',
    userName: entry.name,
    accessTitle: 'SHARED_LINK' satisfies AccessTitle,
    patientId: entry.patientId,
    activity: entry.activity,
    outcome: 'ALLOWED',
    detail: entry.detail,
  });
}
