/** The items of a new request, checked against the patient's data and described for the archive. */
import { and, eq, inArray } from 'drizzle-orm';
import type { CreateRequestBody, FieldError, RequestItem } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, hospitalizations, type UserRow, units } from '../../db/schema';
import { HttpError } from '../../http-error';
import { visibleToCondition } from '../obscuring/visibility';

type ReportBody = Extract<CreateRequestBody, { kind: 'REPORTS' }>;
type RecordBody = Extract<CreateRequestBody, { kind: 'MEDICAL_RECORDS' }>;

function duplicates(ids: readonly number[]): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const id of ids) (seen.has(id) ? twice : seen).add(id);
  return twice;
}

function refuse(errors: FieldError[]): void {
  if (errors.length > 0) throw new HttpError(400, 'BAD_REQUEST', errors);
}

/**
 * Reports must be current documents of this patient that the caller sees (obscured ones do not exist for
 * them); an image copy only where the document has studies. Unknown and foreign ids get the same 400.
 */
export async function reportItems(db: Database, user: UserRow, body: ReportBody): Promise<RequestItem[]> {
  const ids = body.items.map((item) => item.documentId);
  const visible = visibleToCondition(user);
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      createdAt: documents.createdAt,
      accessionNumber: documents.accessionNumber,
    })
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.patientId, body.patientId),
        eq(documents.superseded, false),
        ...(visible ? [visible] : []),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const twice = duplicates(ids);
  const errors: FieldError[] = [];
  body.items.forEach((item, index) => {
    const row = byId.get(item.documentId);
    if (!row || twice.has(item.documentId))
      errors.push({ field: `items.${index}.documentId`, code: 'invalid' });
    else if (item.dicom && !row.accessionNumber)
      errors.push({ field: `items.${index}.dicom`, code: 'invalid' });
  });
  refuse(errors);
  return body.items.map((item) => {
    const row = byId.get(item.documentId);
    return {
      documentId: item.documentId,
      hospitalizationId: null,
      title: row?.title ?? '',
      document: item.document,
      dicom: item.dicom,
      numCopies: item.numCopies,
      date: row ? row.createdAt.toISOString() : null,
    };
  });
}

/** Hospitalizations must be this patient's. */
export async function recordItems(db: Database, body: RecordBody): Promise<RequestItem[]> {
  const ids = body.items.map((item) => item.hospitalizationId);
  const rows = await db
    .select({
      id: hospitalizations.id,
      code: hospitalizations.code,
      unit: units.name,
      admittedAt: hospitalizations.admittedAt,
    })
    .from(hospitalizations)
    .innerJoin(units, eq(units.id, hospitalizations.unitId))
    .where(and(inArray(hospitalizations.id, ids), eq(hospitalizations.patientId, body.patientId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const twice = duplicates(ids);
  const errors: FieldError[] = [];
  body.items.forEach((item, index) => {
    if (!byId.has(item.hospitalizationId) || twice.has(item.hospitalizationId))
      errors.push({ field: `items.${index}.hospitalizationId`, code: 'invalid' });
  });
  refuse(errors);
  return body.items.map((item) => {
    const row = byId.get(item.hospitalizationId);
    return {
      documentId: null,
      hospitalizationId: item.hospitalizationId,
      title: row ? `${row.code} · ${row.unit}` : '',
      document: true,
      dicom: false,
      numCopies: item.numCopies,
      date: row ? row.admittedAt.toISOString() : null,
    };
  });
}
