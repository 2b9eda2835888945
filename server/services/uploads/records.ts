import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UploadedDocument, UploadPhysician } from '../../../src/contract';
import type { Database } from '../../db/client';
import { patients, type UserRow, uploadApprovers, uploadedDocuments, users } from '../../db/schema';
import type { Language } from '../language';
import { customDocumentTypes } from './types.data';

const reviewers = alias(users, 'reviewers');
/** Every column but the file itself: lists and metadata never read the bytes. */
const { content: _content, ...uploadColumns } = getTableColumns(uploadedDocuments);

const rowColumns = {
  upload: uploadColumns,
  owner: { name: patients.name, surname: patients.surname, fiscalCode: patients.fiscalCode },
  reviewerName: reviewers.displayName,
};

export interface UploadRow {
  upload: Omit<typeof uploadedDocuments.$inferSelect, 'content'>;
  owner: { name: string; surname: string; fiscalCode: string };
  reviewerName: string | null;
  total: number;
}

/** A page of uploads matching `where`, newest first, each with the total of matching rows. */
export function queryUploads(
  db: Database,
  where: SQL,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<UploadRow[]> {
  const total = sql<number>`(select count(*)::int from ${uploadedDocuments} where ${where})`;
  return db
    .select({ ...rowColumns, total: total.mapWith(Number) })
    .from(uploadedDocuments)
    .innerJoin(patients, eq(patients.mepiId, uploadedDocuments.patientId))
    .leftJoin(reviewers, eq(reviewers.id, uploadedDocuments.reviewedByUserId))
    .where(where)
    .orderBy(desc(uploadedDocuments.createdAt), desc(uploadedDocuments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findUpload(db: Database, id: number, scope?: SQL): Promise<UploadRow | null> {
  const [row] = await queryUploads(db, and(eq(uploadedDocuments.id, id), scope) as SQL);
  return row ?? null;
}

/** The addressed physicians of each upload. */
export async function approversOf(
  db: Database,
  uploadIds: number[],
): Promise<Map<number, UploadPhysician[]>> {
  const result = new Map<number, UploadPhysician[]>();
  if (uploadIds.length === 0) return result;
  const rows = await db
    .select({ uploadId: uploadApprovers.uploadId, id: users.id, displayName: users.displayName })
    .from(uploadApprovers)
    .innerJoin(users, eq(users.id, uploadApprovers.physicianUserId))
    .where(inArray(uploadApprovers.uploadId, uploadIds))
    .orderBy(users.displayName);
  for (const row of rows)
    result.set(row.uploadId, [
      ...(result.get(row.uploadId) ?? []),
      { id: row.id, displayName: row.displayName },
    ]);
  return result;
}

export function customTypeDesc(code: string, language: Language): string {
  return customDocumentTypes.find((type) => type.code === code)?.desc[language] ?? code;
}

/** The contract's UploadedDocument, with what the caller may do with it. */
export function toUploadedDocument(
  row: UploadRow,
  approvers: UploadPhysician[],
  user: UserRow,
  language: Language,
): UploadedDocument {
  const { upload } = row;
  const pending = upload.status === 'PENDING';
  const addressed = approvers.length === 0 || approvers.some((each) => each.id === user.id);
  return {
    id: upload.id,
    patientId: upload.patientId,
    documentType: { code: upload.documentTypeCode, desc: customTypeDesc(upload.documentTypeCode, language) },
    title: upload.title,
    documentDate: upload.documentDate,
    note: upload.note,
    status: upload.status as UploadedDocument['status'],
    rejectionReason: upload.rejectionReason,
    creationDate: upload.createdAt.toISOString(),
    updateDate: upload.updatedAt.toISOString(),
    reviewedAt: upload.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewerName,
    documentOwner: {
      owner: upload.ownerUserId,
      first: row.owner.name,
      last: row.owner.surname,
      fiscalCode: row.owner.fiscalCode,
    },
    approvingPhysicians: approvers,
    byteSize: upload.byteSize,
    dossierDocumentId: upload.dossierDocumentId,
    canModify: pending && user.userType === 'PAT' && upload.ownerUserId === user.id,
    canReview: pending && user.userType === 'PHY' && addressed,
  };
}

export async function toUploadedDocuments(
  db: Database,
  rows: UploadRow[],
  user: UserRow,
  language: Language,
): Promise<UploadedDocument[]> {
  const approvers = await approversOf(
    db,
    rows.map((row) => row.upload.id),
  );
  return rows.map((row) => toUploadedDocument(row, approvers.get(row.upload.id) ?? [], user, language));
}

/** The stored file of an upload (its bytes and the name the server gave it), or null. */
export async function uploadFile(
  db: Database,
  id: number,
): Promise<{ content: Uint8Array; storedName: string } | null> {
  const [file] = await db
    .select({ content: uploadedDocuments.content, storedName: uploadedDocuments.storedName })
    .from(uploadedDocuments)
    .where(eq(uploadedDocuments.id, id));
  return file ?? null;
}

/** The physicians a patient may address an upload to: enabled, by name (at most 200). */
export function uploadPhysicians(db: Database): Promise<UploadPhysician[]> {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.userType, 'PHY'), eq(users.enabled, true)))
    .orderBy(asc(users.displayName))
    .limit(200);
}
