import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DocumentList, DocumentListQuery } from '../../../src/contract';
import type { UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { documents, documentTypes, units } from '../../db/schema';
import type { Language } from '../language';
import { visibleToCondition } from '../obscuring';
import { settleRestores } from './availability';
import { querySummaries, toDocuments } from './records';

const asList = <T extends string>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : ([value].flat() as T[]);

/** A calendar day starts at midnight in Rome, whatever the server's time zone. */
const romeMidnight = (isoDate: string): SQL =>
  sql`((${isoDate})::date)::timestamp at time zone 'Europe/Rome'`;

/** Conditions of the list filters; always the patient's current versions only. */
export function listConditions(query: DocumentListQuery, user: Pick<UserRow, 'userType' | 'id'>): SQL {
  const conditions: SQL[] = [eq(documents.patientId, query.patientId), eq(documents.superseded, false)];
  // Obscured documents are left out here, in the query, so counts and pages never reveal them.
  const visible = visibleToCondition(user);
  if (visible) conditions.push(visible);
  const types = asList(query.documentType);
  if (types.length > 0) conditions.push(inArray(documents.documentTypeCode, types));
  const provenances = asList(query.provenance);
  if (provenances.length > 0)
    conditions.push(
      inArray(
        documents.provenanceUnitId,
        sql`(select ${units.id} from ${units} where ${inArray(units.code, provenances)})`,
      ),
    );
  const locations = asList(query.location);
  if (locations.length > 0) conditions.push(inArray(documents.locationCode, locations));
  const statuses = asList(query.status);
  if (statuses.length > 0) conditions.push(inArray(documents.status, statuses));
  if (query.dateFrom) conditions.push(sql`${documents.createdAt} >= ${romeMidnight(query.dateFrom)}`);
  // Inclusive end: before the midnight that starts the following day.
  if (query.dateTo)
    conditions.push(
      sql`${documents.createdAt} < ((${query.dateTo})::date + 1)::timestamp at time zone 'Europe/Rome'`,
    );
  return and(...conditions) as SQL;
}

/**
 * The exact number of matching documents. A page that is not empty and shorter than `max` is the last
 * one, so the total is known without counting; so is an empty first page. Otherwise one count, which
 * reads the same index range as the page (documents_patient_list_idx).
 */
async function totalOf(
  db: Database,
  where: SQL,
  page: { max: number; offset: number },
  rows: number,
): Promise<number> {
  if ((rows > 0 || page.offset === 0) && rows < page.max) return page.offset + rows;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(documents).where(where);
  return total;
}

export async function listDocuments(
  db: Database,
  query: DocumentListQuery,
  user: UserRow,
  language: Language,
  now: Date,
): Promise<DocumentList> {
  await settleRestores(db, eq(documents.patientId, query.patientId), now);
  const where = listConditions(query, user);
  const records = await querySummaries(db, where, { limit: query.max, offset: query.offset });
  const total = await totalOf(db, where, query, records.length);
  const list: DocumentList = {
    documents: await toDocuments(db, records, user, language),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
  if (query.context === 'list') {
    const [any] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.patientId, query.patientId))
      .limit(1);
    list.noDocumentsInDossier = any === undefined;
  }
  return list;
}

/** The types present among the patient's current documents, in the caller's language. */
export async function patientDocumentTypes(
  db: Database,
  patientId: number,
  language: Language,
): Promise<{ code: string; desc: string }[]> {
  const rows = await db
    .selectDistinct({ code: documentTypes.code, descIt: documentTypes.descIt, descEn: documentTypes.descEn })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .where(and(eq(documents.patientId, patientId), eq(documents.superseded, false)))
    .orderBy(documentTypes.code);
  return rows.map((row) => ({ code: row.code, desc: language === 'en' ? row.descEn : row.descIt }));
}
