import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordRefusal } from '../access/recorded';
import { isVisibleToGuest, liveGrant } from '../accounts/guest-grants';
import type { AuditActivity } from '../audit';
import { isObscuredFor } from '../obscuring/visibility';
import { settleRestores } from './availability';
import { type DocumentRecord, findRecord, isViewableBy } from './records';

/**
 * Loads a document for a caller through the one access check (which writes the audit row). `refusalOf`
 * names a document-level refusal (not viewable, not online): it is written in the audit row's detail, so
 * the trail says why an allowed patient access still ended without the document.
 */
export async function loadAuthorizedDocument(
  db: Database,
  user: UserRow,
  documentId: number,
  activity: AuditActivity,
  now: Date,
  refusalOf: (record: DocumentRecord) => HttpError | null = () => null,
  /** The SMART app reading for the user, named in the audit row. */
  appName?: string,
): Promise<DocumentRecord> {
  let record = await findRecord(db, documentId);
  if (!record) throw new HttpError(404, 'NOT_FOUND');
  if (record.document.status === 'RESTORING') {
    await settleRestores(db, eq(documents.id, documentId), now);
    record = (await findRecord(db, documentId)) ?? record;
  }
  // An obscured document does not exist for this caller: the gate answers the same 404 as for a missing
  // one and audits it DENIED. For a guest, so is a document their grant does not reach (not shared, or
  // obscured for their relationship).
  const obscured =
    user.userType === 'GUE'
      ? !(await isVisibleToGuest(db, user, documentId, now))
      : isObscuredFor(user, record.document);
  const refusal = obscured
    ? null
    : (refusalOf(record) ?? (await guestDownloadRefusal(db, user, record, activity, now)));
  await authorizePatientAccess(db, user, record.document.patientId, activity, {
    documentId,
    documentTypeCode: record.document.documentTypeCode,
    hidden: obscured,
    ...(appName ? { appName } : {}),
    ...(obscured ? { detail: 'OBSCURED' } : refusal ? { detail: refusal.code } : {}),
  });
  if (refusal) throw refusal;
  return record;
}

/** Why the caller cannot have the PDF of this document, if they cannot. */
export function pdfRefusal(
  user: Pick<UserRow, 'userType'>,
  record: DocumentRecord,
  notViewable: 'ACCESS_DENIED' | 'DOWNLOAD_NOT_ALLOWED',
): HttpError | null {
  if (!isViewableBy(user, record)) return new HttpError(403, notViewable);
  const { status } = record.document;
  if (status === 'OFFLINE' || status === 'RESTORING' || status === 'ERROR')
    return new HttpError(409, 'DOCUMENT_UNAVAILABLE');
  return null;
}

/** A guest downloads (or extracts) a PDF only with the 'download' right of their live grant. */
async function guestDownloadRefusal(
  db: Database,
  user: UserRow,
  record: DocumentRecord,
  activity: AuditActivity,
  now: Date,
): Promise<HttpError | null> {
  if (user.userType !== 'GUE' || activity !== 'DOCUMENT_DOWNLOAD') return null;
  const grant = await liveGrant(db, user, record.document.patientId, now);
  // No grant at all is refused by the access check itself, with its own code.
  if (!grant || grant.rights.includes('download')) return null;
  return new HttpError(403, 'DOWNLOAD_NOT_ALLOWED');
}

/**
 * A view grant of someone else, or an expired one: an attempt on the patient's data, so it is audited
 * (404 when the document does not exist), then refused.
 */
export async function refuseViewGrant(db: Database, user: UserRow, documentId: number): Promise<never> {
  const found = await findRecord(db, documentId);
  if (!found) throw new HttpError(404, 'NOT_FOUND');
  await recordRefusal(db, user, found.document.patientId, 'DOCUMENT_VIEW', {
    documentId,
    documentTypeCode: found.document.documentTypeCode,
    detail: 'INVALID_VIEW_GRANT',
  });
  throw new HttpError(403, 'ACCESS_DENIED');
}
