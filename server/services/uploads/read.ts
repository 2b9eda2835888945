import type { UploadedDocument } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import type { AuditActivity } from '../audit';
import type { Language } from '../language';
import { findUpload, toUploadedDocuments, type UploadRow } from './records';
import { ownedBy, visibleToPhysician } from './rules';

/**
 * One upload the caller may see (404 otherwise, so nobody learns that another's upload exists), with
 * the access to its patient checked and audited.
 */
export async function readableUpload(
  db: Database,
  user: UserRow,
  role: 'PAT' | 'PHY',
  id: number,
  activity: AuditActivity,
  detail: string,
): Promise<UploadRow> {
  const row = await findUpload(db, id, role === 'PAT' ? ownedBy(user) : visibleToPhysician(user.id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await authorizePatientAccess(db, user, row.upload.patientId, activity, {
    detail: `upload ${id} ${detail}`,
  });
  return row;
}

/** One upload as the API answers it (after a change, or a creation). */
export async function uploadedDocument(
  db: Database,
  user: UserRow,
  id: number,
  language: Language,
): Promise<UploadedDocument> {
  const row = await findUpload(db, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  const [document] = await toUploadedDocuments(db, [row], user, language);
  if (!document) throw new HttpError(404, 'NOT_FOUND');
  return document;
}
