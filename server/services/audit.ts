import type { UserRow } from '../app-env';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

/** Why a user may see a patient's data; stored as a code, shown translated in the treatment history. */
export type AccessTitle = 'SELF' | 'DELEGATE' | 'DOSSIER_CONSENT' | 'NONE';

/** What was done; `/trackingPatientHistory/{id}/activities` lists these. */
export type AuditActivity =
  | 'PATIENT_READ'
  | 'DOCUMENT_LIST'
  | 'DOCUMENT_READ'
  | 'DOCUMENT_VIEW'
  | 'DOCUMENT_DOWNLOAD'
  | 'DOCUMENT_RESTORE'
  | 'DOCUMENT_OBSCURE'
  | 'DOCUMENT_OBSCURE'
  | 'STUDY_STATUS'
  | 'STUDY_MOVE'
  | 'STUDY_VIEW'
  | 'HISTORY_READ'
  | 'CONSENT_READ'
  | 'CONSENT_WRITE';

export interface AuditEntry {
  user: UserRow;
  patientId: number;
  activity: AuditActivity;
  accessTitle: AccessTitle;
  outcome: 'ALLOWED' | 'DENIED';
  documentId?: number | null;
  documentTypeCode?: string | null;
  detail?: string | null;
}

/** Appends one row to the audit trail (the table refuses updates and deletes). */
export async function recordAccess(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
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
  });
}
