import { and, count, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DocumentList, DocumentListQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { instantPlaceholder, preparedOnce } from '../../db/prepared';
import { documents, documentTypes, type UserRow, units } from '../../db/schema';
import { type AuditedStatement, auditRowCte } from '../access/audited-statement';
import type { Language } from '../language';
import { visibleToCondition } from '../obscuring/visibility';
import { restoresDueAt, settleDossierCte, settleDossierRestores, settledStatus } from './availability';
import { type ListRow, listPageQuery, listRowToDocument } from './records';

const asList = <T extends string>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : ([value].flat() as T[]);

/** A calendar day starts at midnight in Rome, whatever the server's time zone. */
const romeMidnight = (isoDate: string): SQL =>
  sql`((${isoDate})::date)::timestamp at time zone 'Europe/Rome'`;

/** The patient's current versions this caller may see (the id may be a placeholder, not for guests). */
function visibleCurrent(
  patientId: number | SQLWrapper,
  user: Pick<UserRow, 'userType' | 'patientId'> & { id: number | SQLWrapper },
): SQL[] {
  const conditions: SQL[] = [eq(documents.patientId, patientId), eq(documents.superseded, false)];
  // Obscured documents are left out here, in the query, so counts and pages never reveal them.
  const visible = visibleToCondition(user);
  if (visible) conditions.push(visible);
  return conditions;
}

/** Conditions of the list filters; always the patient's current versions only. */
export function listConditions(
  query: DocumentListQuery,
  user: Pick<UserRow, 'userType' | 'id' | 'patientId'>,
): SQL {
  const conditions = visibleCurrent(query.patientId, user);
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

const UNFILTERING = new Set(['patientId', 'max', 'offset', 'context']);

/** No filter: any other key is one, including ones added later. */
const isUnfiltered = (query: DocumentListQuery): boolean =>
  Object.entries(query).every(
    ([key, value]) =>
      UNFILTERING.has(key) || value === undefined || (Array.isArray(value) && value.length === 0),
  );

/**
 * The unfiltered list's total as the database keeps it (document_counts, migration 0022): all current
 * versions, when none of them is hidden from this caller (staff: none obscured; their own would be visible
 * to them, but then the list counts). Null (no row): the list counts.
 */
const maintainedTotal = (patientId: SQLWrapper, userType: UserRow['userType']): SQL =>
  sql`(select current from document_counts where patient_id = ${patientId}${
    visibleToCondition({ userType, patientId: null, id: 0 }) === null ? sql`` : sql` and obscured = 0`
  })`;

/**
 * The unfiltered page of a patient or staff member (the hottest read): one prepared statement per kind of
 * caller, with the kept total, which also writes the audit row and settles the patient's finished restores
 * (the gate runs it: access/audited-statement.ts). Guests' lists read their grants and are built per request.
 */
const auditedUnfilteredPage = (db: Database, userType: UserRow['userType']) =>
  preparedOnce(db, `document_list_audited_${userType.toLowerCase()}`, (name) => {
    const patientId = sql.placeholder('patientId');
    const due = instantPlaceholder('due');
    const where = and(
      ...visibleCurrent(patientId, { userType, patientId: null, id: sql.placeholder('userId') }),
    ) as SQL;
    return listPageQuery(
      db,
      where,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
      maintainedTotal(patientId, userType),
      { ctes: [auditRowCte(db), settleDossierCte(db, patientId, due)], settledStatus: settledStatus(due) },
    ).prepare(name);
  });

/**
 * What the list runs with its audit row (authorizeCallerAccess): the whole page, when it is the prepared
 * one; else the settling of restores, and listPage reads the page after.
 */
export function listWithAudit(
  query: DocumentListQuery,
  user: UserRow,
  now: Date,
): AuditedStatement<ListRow[] | null> {
  if (!isUnfiltered(query) || user.userType === 'GUE') return settleDossierRestores(query.patientId, now);
  return {
    statement: (db) => auditedUnfilteredPage(db, user.userType),
    values: {
      patientId: query.patientId,
      userId: user.id,
      limit: query.max,
      offset: query.offset,
      due: restoresDueAt(now),
    },
  };
}

/** The exact number of matching documents, when the page cannot tell it (an empty page past the first). */
async function countOf(db: Database, where: SQL): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(documents).where(where);
  return total;
}

/**
 * The page, its total and the images of its documents in one statement (listPageQuery): `read`, the rows
 * listWithAudit read already, else the page is read now (restores are settled by then). The total and "is
 * the dossier empty" need their own query only for an empty page.
 */
export async function listPage(
  db: Database,
  query: DocumentListQuery,
  user: UserRow,
  language: Language,
  read: ListRow[] | null,
): Promise<DocumentList> {
  const rows = read ?? (await listPageQuery(db, listConditions(query, user), query.max, query.offset, null));
  const [first] = rows;
  const total = first ? first.total : query.offset === 0 ? 0 : await countOf(db, listConditions(query, user));
  const list: DocumentList = {
    documents: rows.map((row) => listRowToDocument(row, user, language)),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
  if (query.context === 'list') {
    // Any row at all, filters and old versions included: a page with rows answers it already.
    const any = first
      ? first
      : (
          await db
            .select({ id: documents.id })
            .from(documents)
            .where(eq(documents.patientId, query.patientId))
            .limit(1)
        )[0];
    list.noDocumentsInDossier = any === undefined;
  }
  return list;
}

/** The types present among the patient's current documents, in the caller's language. */
export async function patientDocumentTypes(
  db: Database,
  patientId: number,
  language: Language,
  user: Pick<UserRow, 'userType' | 'id' | 'patientId'>,
): Promise<{ code: string; desc: string }[]> {
  // The types of documents hidden from this caller are not offered either.
  const visible = visibleToCondition(user);
  const rows = await db
    .selectDistinct({ code: documentTypes.code, descIt: documentTypes.descIt, descEn: documentTypes.descEn })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .where(and(eq(documents.patientId, patientId), eq(documents.superseded, false), visible ?? undefined))
    .orderBy(documentTypes.code);
  return rows.map((row) => ({ code: row.code, desc: language === 'en' ? row.descEn : row.descIt }));
}
