import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { UploadFields, UploadUpdateFields } from '../../../src/contract';
import type { Database } from '../../db/client';
import { type UserRow, uploadApprovers, uploadedDocuments, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordWrite } from '../access/recorded';
import { announceUpload, reviewersOf } from './announce';
import type { UploadedFile } from './form';
import { titleFromFileName } from './pdf-check';
import { assertPending, ownedBy } from './rules';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What is stored of a file: the bytes under a name the server makes up, with their size and digest. */
function fileColumns(file: UploadedFile) {
  return {
    storedName: `${randomUUID()}.pdf`,
    byteSize: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    content: file.bytes,
  };
}

/** Addressed physicians must be enabled physicians: anything else is a 400 on the field. */
async function checkPhysicians(db: Database | Transaction, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.userType, 'PHY'), eq(users.enabled, true)));
  if (found.length !== new Set(ids).size)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'approvingPhysicians', code: 'invalid' }]);
}

async function setApprovers(tx: Transaction, uploadId: number, ids: number[]): Promise<void> {
  await tx.delete(uploadApprovers).where(eq(uploadApprovers.uploadId, uploadId));
  const unique = [...new Set(ids)];
  if (unique.length > 0)
    await tx.insert(uploadApprovers).values(unique.map((physicianUserId) => ({ uploadId, physicianUserId })));
}

function audit(db: Database, user: UserRow, patientId: number, detail: string): Promise<void> {
  return recordWrite(db, user, patientId, 'UPLOAD_WRITE', { detail });
}

/** A new PENDING upload of the patient's own record; the row and its approvers in one transaction. */
export async function createUpload(
  db: Database,
  user: UserRow,
  fields: UploadFields,
  file: UploadedFile,
): Promise<number> {
  const patientId = user.patientId;
  if (patientId === null) throw new HttpError(403, 'ACCESS_DENIED');
  const approvers = fields.approvingPhysicians ?? [];
  await checkPhysicians(db, approvers);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(uploadedDocuments)
      .values({
        patientId,
        ownerUserId: user.id,
        documentTypeCode: fields.documentType,
        title: fields.title ?? titleFromFileName(file.name),
        documentDate: fields.documentDate || null,
        note: fields.note || null,
        ...fileColumns(file),
      })
      .returning({ id: uploadedDocuments.id });
    if (!row) throw new Error('upload not stored');
    await setApprovers(tx, row.id, approvers);
    return row.id;
  });
  await audit(db, user, patientId, `upload ${id} created`);
  await announceUpload(db, await reviewersOf(db, id));
  return id;
}

/** The caller's own upload, still pending (404 when it is not theirs, 409 when it was reviewed). */
async function ownPending(db: Database, user: UserRow, id: number): Promise<{ patientId: number }> {
  const where = and(eq(uploadedDocuments.id, id), ownedBy(user), eq(uploadedDocuments.ownerUserId, user.id));
  const [row] = await db
    .select({ status: uploadedDocuments.status, patientId: uploadedDocuments.patientId })
    .from(uploadedDocuments)
    .where(where as SQL)
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  assertPending(row.status);
  return row;
}

/**
 * Changes a pending upload: any field, and the file when a new one is sent (a new stored name). The
 * update itself requires PENDING again, so a review that lands meanwhile wins and this answers 409.
 */
export async function updateUpload(
  db: Database,
  user: UserRow,
  id: number,
  fields: UploadUpdateFields,
  file: UploadedFile | null,
): Promise<void> {
  const { patientId } = await ownPending(db, user, id);
  if (fields.approvingPhysicians) await checkPhysicians(db, fields.approvingPhysicians);
  const reviewersBefore = await reviewersOf(db, id);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(uploadedDocuments)
      .set({
        ...(fields.documentType !== undefined ? { documentTypeCode: fields.documentType } : {}),
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.documentDate !== undefined ? { documentDate: fields.documentDate || null } : {}),
        ...(fields.note !== undefined ? { note: fields.note || null } : {}),
        ...(file ? fileColumns(file) : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(uploadedDocuments.id, id), eq(uploadedDocuments.status, 'PENDING')))
      .returning({ id: uploadedDocuments.id });
    if (!updated) throw new HttpError(409, 'UPLOAD_NOT_PENDING');
    if (fields.approvingPhysicians) await setApprovers(tx, id, fields.approvingPhysicians);
  });
  await audit(db, user, patientId, `upload ${id} modified${file ? ' (new file)' : ''}`);
  await announceUpload(db, reviewersBefore);
  if (fields.approvingPhysicians) await announceUpload(db, await reviewersOf(db, id));
}

/** Deletes a pending upload of the caller (its approvers go with it). */
export async function deleteUpload(db: Database, user: UserRow, id: number): Promise<void> {
  const { patientId } = await ownPending(db, user, id);
  const reviewers = await reviewersOf(db, id);
  const deleted = await db
    .delete(uploadedDocuments)
    .where(and(eq(uploadedDocuments.id, id), eq(uploadedDocuments.status, 'PENDING')))
    .returning({ id: uploadedDocuments.id });
  if (deleted.length === 0) throw new HttpError(409, 'UPLOAD_NOT_PENDING');
  await audit(db, user, patientId, `upload ${id} deleted`);
  await announceUpload(db, reviewers);
}
