import type { ShlCreateBody } from '../../../src/contract/shl';
import { SHL_DEFAULT_DAYS, SHL_MAX_DAYS } from '../../../src/contract/shl';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordRefusal } from '../access/recorded';
import { liveGrant } from '../accounts/guest-grants';
import { loadAuthorizedDocument, pdfRefusal } from '../documents/access';
import { documentPdf } from '../documents/files';
import { patientSummary } from '../fhir/operation';
import type { Language } from '../language';
import { hashPassword } from '../password';
import { isStaff } from '../users';
import { documentsBundle } from './documents-bundle';
import { createLink, type ShlFileInput } from './links';

const dayMs = 24 * 60 * 60 * 1000;

/** The link's expiry: the chosen one within (now, now + a year], else a week from now. */
function expiryOf(body: ShlCreateBody, now: Date): Date {
  if (body.expiresAt === undefined) return new Date(now.getTime() + SHL_DEFAULT_DAYS * dayMs);
  const chosen = new Date(body.expiresAt);
  if (chosen.getTime() <= now.getTime() || chosen.getTime() > now.getTime() + SHL_MAX_DAYS * dayMs)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'expiresAt', code: 'outOfRange' }]);
  return chosen;
}

/**
 * Sharing is the patient's right: the patient, or a guest whose grant includes downloads. Staff share
 * through the hospital's own channels; their attempt is refused and written in the trail.
 */
async function authorizeSharing(db: Database, user: UserRow, patientId: number, now: Date): Promise<void> {
  if (isStaff(user)) {
    await recordRefusal(db, user, patientId, 'SHL_WRITE', { detail: 'STAFF_MAY_NOT_SHARE' });
    throw new HttpError(403, 'ACCESS_DENIED');
  }
  await authorizePatientAccess(db, user, patientId, 'SHL_WRITE');
  if (user.userType !== 'GUE') return;
  const grant = await liveGrant(db, user, patientId, now);
  if (!grant?.rights.includes('download')) throw new HttpError(403, 'DOWNLOAD_NOT_ALLOWED');
}

/** Where the link points and how its summary reads. */
export interface ShareSetting {
  publicUrl: string;
  apiBase: string;
  /** The sharer's language: the summary's displays and narrative are written in it. */
  language: Language;
  organizationName: string;
}

/**
 * Makes a link to the summary and/or documents: the summary is read as `$summary` is (audited, what the
 * sharer may see), each document as a download (audited, obscuring and grants apply).
 */
export async function shareRecord(
  db: Database,
  user: UserRow,
  body: ShlCreateBody,
  now: Date,
  setting: ShareSetting,
): Promise<{ id: number; shlink: string }> {
  await authorizeSharing(db, user, body.patientId, now);
  const expiresAt = expiryOf(body, now);
  const ids = [...new Set(body.documentIds)];
  const documents = [];
  for (const id of ids) {
    const record = await loadAuthorizedDocument(db, user, id, 'DOCUMENT_DOWNLOAD', now, (found) =>
      pdfRefusal(user, found, 'DOWNLOAD_NOT_ALLOWED'),
    );
    // A document of another patient is not part of this patient's link.
    if (record.document.patientId !== body.patientId) throw new HttpError(404, 'NOT_FOUND');
    documents.push({ record, pdf: await documentPdf(db, record) });
  }
  const files: ShlFileInput[] = [];
  if (body.summary) {
    const summary = await patientSummary(db, user, body.patientId, {
      language: setting.language,
      organizationName: setting.organizationName,
    });
    files.push({ contentType: 'application/fhir+json', content: summary });
  }
  if (documents.length > 0)
    files.push({
      contentType: 'application/fhir+json',
      content: documentsBundle(documents, now, setting.language),
    });
  return createLink(
    db,
    {
      patientId: body.patientId,
      createdBy: user.id,
      label: body.label,
      passcodeHash: body.passcode === undefined ? null : await hashPassword(body.passcode),
      expiresAt,
      withSummary: body.summary,
      documentCount: documents.length,
      files,
    },
    setting,
  );
}
