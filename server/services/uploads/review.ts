import { and, eq } from 'drizzle-orm';
import { noObscuring } from '../../../src/contract/documents';
import type { Database } from '../../db/client';
import { documents, patients, type UserRow, units, uploadedDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { queueNotification } from '../notify/outbox';
import { announceUpload, reviewersOf } from './announce';
import { uploadContent } from './content';
import { checkPdf } from './pdf-check';
import { findUpload } from './records';
import { assertPending, visibleToPhysician } from './rules';
import { UPLOAD_DOCUMENT_TYPE, UPLOAD_LOCATION, UPLOAD_UNIT_CODE } from './types.data';

/** Where a tap on "not accepted" lands: the patient's uploads, with the reason beside the file. */
const UPLOADS_LINK = '/fileUpload';

/** A pending upload this physician may review, with access to the patient checked and audited. */
async function reviewable(db: Database, user: UserRow, id: number, detail: string) {
  const row = await findUpload(db, id, visibleToPhysician(user.id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await authorizePatientAccess(db, user, row.upload.patientId, 'UPLOAD_REVIEW', {
    detail: `upload ${id} ${detail}`,
  });
  assertPending(row.upload.status);
  return row;
}

/** The review itself, only if still pending: two physicians validating at once, one wins, the other 409. */
function settled(updated: { id: number }[]): void {
  if (updated.length === 0) throw new HttpError(409, 'UPLOAD_NOT_PENDING');
}

/** When the document was written, as the patient said; otherwise when it was uploaded. */
function dossierDate(documentDate: string | null, uploadedAt: Date): Date {
  return documentDate ? new Date(`${documentDate}T12:00:00Z`) : uploadedAt;
}

/**
 * Validation: the upload becomes a dossier document (type UPL, provenance "Caricato dal paziente",
 * content pointing back at the upload so its own bytes are served) in the same transaction as the review.
 */
export async function validateUpload(db: Database, user: UserRow, id: number): Promise<void> {
  const row = await reviewable(db, user, id, 'validated');
  const { upload } = row;
  const [file] = await db
    .select({ content: uploadedDocuments.content })
    .from(uploadedDocuments)
    .where(eq(uploadedDocuments.id, id));
  if (!file) throw new HttpError(404, 'NOT_FOUND');
  const pageCount = await checkPdf(file.content);
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.code, UPLOAD_UNIT_CODE));
  if (!unit) throw new Error('the UPL unit of migration 0007 is missing');
  const [owner] = await db
    .select({ name: patients.name, surname: patients.surname })
    .from(patients)
    .where(eq(patients.mepiId, upload.patientId));
  const now = new Date();
  await db.transaction(async (tx) => {
    const [document] = await tx
      .insert(documents)
      .values({
        patientId: upload.patientId,
        documentTypeCode: UPLOAD_DOCUMENT_TYPE,
        provenanceUnitId: unit.id,
        locationCode: UPLOAD_LOCATION,
        title: upload.title,
        createdAt: dossierDate(upload.documentDate, upload.createdAt),
        obscuring: noObscuring,
        pageCount,
        authorName: owner ? `${owner.name} ${owner.surname}` : '',
        authorUserId: upload.ownerUserId,
        content: uploadContent(id),
      })
      .returning({ id: documents.id });
    if (!document) throw new Error('dossier document not created');
    settled(
      await tx
        .update(uploadedDocuments)
        .set({
          status: 'VALIDATED',
          reviewedByUserId: user.id,
          reviewedAt: now,
          dossierDocumentId: document.id,
          updatedAt: now,
        })
        .where(and(eq(uploadedDocuments.id, id), eq(uploadedDocuments.status, 'PENDING')))
        .returning({ id: uploadedDocuments.id }),
    );
    await queueNotification(tx, {
      userIds: [upload.ownerUserId],
      event: 'DOCUMENT_NEW',
      link: '/dossier',
      now,
    });
  });
  await announceUpload(db, await reviewersOf(db, id), upload.ownerUserId);
}

/** Rejection keeps the reason, which the patient reads beside the upload. */
export async function rejectUpload(db: Database, user: UserRow, id: number, reason: string): Promise<void> {
  const { upload } = await reviewable(db, user, id, 'rejected');
  const now = new Date();
  await db.transaction(async (tx) => {
    settled(
      await tx
        .update(uploadedDocuments)
        .set({
          status: 'REJECTED',
          rejectionReason: reason,
          reviewedByUserId: user.id,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(and(eq(uploadedDocuments.id, id), eq(uploadedDocuments.status, 'PENDING')))
        .returning({ id: uploadedDocuments.id }),
    );
    await queueNotification(tx, {
      userIds: [upload.ownerUserId],
      event: 'UPLOAD_REJECTED',
      link: UPLOADS_LINK,
      now,
    });
  });
  await announceUpload(db, await reviewersOf(db, id), upload.ownerUserId);
}
