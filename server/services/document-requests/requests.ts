/** Copy requests: quote, create, archive, cancel and delete. */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type CreateRequestBody,
  Delivery,
  type DocumentRequest,
  type Quote,
  type RequestArchive,
  RequestItem,
  type RequestStatus,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { documentRequestHospitalizations, documentRequests, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizeRequests } from '../access/document-requests';
import { recordItems, reportItems } from './items';
import { deliveryErrors, itemErrors, quoteOf } from './rules';

type RequestRow = typeof documentRequests.$inferSelect;

const CANCELLABLE: readonly RequestStatus[] = ['SUBMITTED', 'IN_PROGRESS'];
const DELETABLE: readonly RequestStatus[] = ['CANCELLED', 'COMPLETED'];

export function toDocumentRequest(row: RequestRow): DocumentRequest {
  const status = row.status as RequestStatus;
  return {
    id: row.id,
    patientId: row.patientId,
    kind: row.kind === 'MEDICAL_RECORDS' ? 'MEDICAL_RECORDS' : 'REPORTS',
    status,
    items: v.parse(v.array(RequestItem), row.items),
    delivery: v.parse(Delivery, row.delivery),
    priceCents: row.priceCents,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancellable: CANCELLABLE.includes(status),
    deletable: DELETABLE.includes(status),
  };
}

/** Limits and delivery first (no database), then the items against the patient's data. */
async function checkedItems(db: Database, user: UserRow, body: CreateRequestBody) {
  const withImages = body.kind === 'REPORTS' && body.items.some((item) => item.dicom);
  const errors = [...itemErrors(body), ...deliveryErrors(body.delivery, withImages)];
  if (errors.length > 0) throw new HttpError(400, 'BAD_REQUEST', errors);
  return body.kind === 'REPORTS' ? reportItems(db, user, body) : recordItems(db, body);
}

async function assertHospitalizationsFree(db: Database, body: CreateRequestBody): Promise<void> {
  if (body.kind !== 'MEDICAL_RECORDS') return;
  const ids = body.items.map((item) => item.hospitalizationId);
  const [held] = await db
    .select({ id: documentRequestHospitalizations.hospitalizationId })
    .from(documentRequestHospitalizations)
    .where(inArray(documentRequestHospitalizations.hospitalizationId, ids))
    .limit(1);
  if (held) throw new HttpError(409, 'HOSPITALIZATIONS_ALREADY_REQUESTED');
}

/** The summary's price, with the same checks as a submission (nothing stored). */
export async function quoteRequest(db: Database, user: UserRow, body: CreateRequestBody): Promise<Quote> {
  await authorizeRequests(db, user, body.patientId, 'DOCUMENT_REQUEST_READ');
  await checkedItems(db, user, body);
  await assertHospitalizationsFree(db, body);
  return quoteOf(body);
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || typeof cause === 'object'; ) {
    if (cause === null) return false;
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
    if (cause === undefined) return false;
  }
  return false;
}

/**
 * Stores a request at the server's price. A hospitalization already held by a live request is refused by
 * the primary key of document_request_hospitalizations, so two concurrent requests cannot both take it.
 */
export async function createRequest(
  db: Database,
  user: UserRow,
  body: CreateRequestBody,
  now: Date,
): Promise<DocumentRequest> {
  await authorizeRequests(db, user, body.patientId, 'DOCUMENT_REQUEST_WRITE');
  const items = await checkedItems(db, user, body);
  const { priceCents } = quoteOf(body);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(documentRequests)
        .values({
          patientId: body.patientId,
          kind: body.kind,
          items,
          delivery: body.delivery,
          priceCents,
          createdByUserId: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error('request not stored');
      if (body.kind === 'MEDICAL_RECORDS')
        await tx
          .insert(documentRequestHospitalizations)
          .values(
            body.items.map((item) => ({ hospitalizationId: item.hospitalizationId, requestId: created.id })),
          );
      return created;
    });
    return toDocumentRequest(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'HOSPITALIZATIONS_ALREADY_REQUESTED');
    throw error;
  }
}

/** The patient's requests, newest first; deleted ones are gone from it. */
export async function archiveOf(
  db: Database,
  user: UserRow,
  query: { patientId: number; max: number; offset: number },
): Promise<RequestArchive> {
  await authorizeRequests(db, user, query.patientId, 'DOCUMENT_REQUEST_READ');
  const where = and(eq(documentRequests.patientId, query.patientId), isNull(documentRequests.deletedAt));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(documentRequests)
      .where(where)
      .orderBy(desc(documentRequests.createdAt), desc(documentRequests.id))
      .limit(query.max)
      .offset(query.offset),
    db.select({ total: count() }).from(documentRequests).where(where),
  ]);
  return {
    documents: rows.map(toDocumentRequest),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}

async function loadForChange(db: Database, user: UserRow, id: number): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(documentRequests)
    .where(and(eq(documentRequests.id, id), isNull(documentRequests.deletedAt)))
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await authorizeRequests(db, user, row.patientId, 'DOCUMENT_REQUEST_WRITE');
  return row;
}

/** Cancels a request still waiting or in progress; its hospitalizations are free again. */
export async function cancelRequest(
  db: Database,
  user: UserRow,
  id: number,
  now: Date,
): Promise<DocumentRequest> {
  const row = await loadForChange(db, user, id);
  if (!CANCELLABLE.includes(row.status as RequestStatus)) throw new HttpError(409, 'REQUEST_NOT_CANCELLABLE');
  const updated = await db.transaction(async (tx) => {
    await tx.delete(documentRequestHospitalizations).where(eq(documentRequestHospitalizations.requestId, id));
    const [changed] = await tx
      .update(documentRequests)
      .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
      .where(eq(documentRequests.id, id))
      .returning();
    return changed ?? row;
  });
  return toDocumentRequest(updated);
}

/** Removes a cancelled or completed request from the archive (the row stays for the hospital's records). */
export async function deleteRequest(db: Database, user: UserRow, id: number, now: Date): Promise<void> {
  const row = await loadForChange(db, user, id);
  if (!DELETABLE.includes(row.status as RequestStatus)) throw new HttpError(409, 'REQUEST_NOT_DELETABLE');
  await db.transaction(async (tx) => {
    await tx.delete(documentRequestHospitalizations).where(eq(documentRequestHospitalizations.requestId, id));
    await tx
      .update(documentRequests)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(documentRequests.id, id));
  });
}
