import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CodeDesc, TreatmentHistory, TreatmentHistoryItem } from '../../src/contract';
import type {
  HistoryActivities,
  HistoryDocTypes,
  HistoryUserRoles,
  HistoryUsers,
  TreatmentHistoryQuery,
} from '../../src/contract/history';
import type { Database } from '../db/client';
import { auditLog, documents, documentTypes, type UserRow } from '../db/schema';
import { FACET_DETAIL_PREFIX, FHIR_HISTORY_TYPE, fhirReadDetail } from './access/history';
import { accessTitleLabel, activityLabel, activityText, readerOf, userRoleLabel } from './history-labels';
import type { Language } from './language';
import { visibleToCondition } from './obscuring/visibility';

/**
 * What staff must not learn from a history: that the patient obscured anything. The obscuring changes
 * themselves, the refusals of obscured documents and studies (detail `OBSCURED`, `study … OBSCURED`), and
 * every row about a document now hidden from this viewer (its type would show that it exists).
 */
function obscuringTracesHiddenFrom(viewer: UserRow): SQL | undefined {
  if (viewer.userType === 'PAT') return undefined;
  const visible = visibleToCondition(viewer);
  // `is not true`: the condition is null, not false, for a hidden document without an author.
  const hiddenDocument = visible
    ? sql`or exists (select 1 from ${documents} where ${documents.id} = ${auditLog.documentId} and (${visible}) is not true)`
    : sql``;
  return sql`not (${auditLog.activity} = 'DOCUMENT_OBSCURE'
    or position('OBSCURED' in coalesce(${auditLog.detail}, '')) > 0
    ${hiddenDocument})`;
}

/** The viewer's own reads of the history through FHIR (AuditEvent), by any app. */
const ownFhirHistoryReads = (viewer: UserRow): SQL => sql`(${auditLog.activity} = 'FHIR_READ'
  and ${auditLog.userId} is not distinct from ${viewer.id}
  and (coalesce(${auditLog.detail}, '') = ${fhirReadDetail(FHIR_HISTORY_TYPE)}
    or coalesce(${auditLog.detail}, '') like ${fhirReadDetail(FHIR_HISTORY_TYPE, '%')}))`;

/**
 * The rows a viewer sees: all of the patient's, except the viewer's own history reads (every opening of
 * the screen, or every AuditEvent read through FHIR, would otherwise add to the list being read), the
 * allowed reads of the filter lists, which come with the list read they serve, and for staff the traces of
 * obscuring. Refused attempts show.
 */
export function visibleTo(viewer: UserRow, patientId: number): SQL {
  const ofPatient = sql`${auditLog.patientId} = ${patientId}
    and not (${auditLog.activity} = 'HISTORY_READ' and ${auditLog.userId} is not distinct from ${viewer.id})
    and not ${ownFhirHistoryReads(viewer)}
    and not (${auditLog.outcome} = 'ALLOWED' and coalesce(${auditLog.detail}, '') like ${`${FACET_DETAIL_PREFIX}%`})`;
  // What the patient shares, with whom or with which app, is theirs alone, as their obscuring is.
  const sharing =
    viewer.userType === 'PAT'
      ? undefined
      : sql`${auditLog.activity} not like 'SHL\\_%' and ${auditLog.activity} not like 'APP\\_%'`;
  return and(ofPatient, obscuringTracesHiddenFrom(viewer), sharing) as SQL;
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : ([value].flat() as T[]));

/**
 * Whole local days: the portal's users are in Italy, whatever the server's zone. The viewer's own rows
 * only on request (`includeOwn`), an app's reading for them always; rows without a user (none today) stay.
 */
function filtersOf(viewer: UserRow, query: TreatmentHistoryQuery): SQL[] {
  const filters: SQL[] = [];
  // An app's reads are not the viewer's own, though made with their consent: the app is another reader.
  if (query.includeOwn !== true)
    filters.push(sql`(${auditLog.userId} is distinct from ${viewer.id} or ${auditLog.appName} is not null)`);
  if (query.dateFrom)
    filters.push(sql`${auditLog.at} >= (${query.dateFrom}::date)::timestamp at time zone 'Europe/Rome'`);
  if (query.dateTo)
    filters.push(sql`${auditLog.at} < (${query.dateTo}::date + 1)::timestamp at time zone 'Europe/Rome'`);
  const activityCodes = list(query.activity);
  if (activityCodes.length > 0) filters.push(inArray(auditLog.activity, activityCodes));
  const roles = list(query.userRole);
  if (roles.length > 0) filters.push(inArray(auditLog.userRole, roles));
  if (query.userId !== undefined) filters.push(eq(auditLog.userId, query.userId));
  const types = list(query.documentType);
  if (types.length > 0) filters.push(inArray(auditLog.documentTypeCode, types));
  return filters;
}

export async function readHistory(
  db: Database,
  viewer: UserRow,
  patientId: number,
  query: TreatmentHistoryQuery,
  language: Language,
): Promise<TreatmentHistory> {
  const where = and(visibleTo(viewer, patientId), ...filtersOf(viewer, query));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = await db
    .select({ entry: auditLog, type: documentTypes })
    .from(auditLog)
    .leftJoin(documentTypes, eq(documentTypes.code, auditLog.documentTypeCode))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.max)
    .offset(query.offset);
  const items = rows.map(({ entry, type }): TreatmentHistoryItem => {
    const code = entry.documentTypeCode;
    return {
      id: entry.id,
      dateTime: entry.at.toISOString(),
      user: `${readerOf(entry, language)} (${accessTitleLabel(entry.accessTitle, language)})`,
      userRole: entry.userRole,
      treatmentType: entry.activity,
      treatmentDesc: activityText(entry, language),
      accessTitle: entry.accessTitle,
      documentType: code === null ? null : { code, desc: type ? descOf(type, language) : code },
      outcome: entry.outcome === 'DENIED' ? 'DENIED' : 'ALLOWED',
    };
  });
  return {
    items,
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}

function descOf(type: typeof documentTypes.$inferSelect, language: Language): string {
  return language === 'en' ? type.descEn : type.descIt;
}

export async function historyActivities(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryActivities> {
  const rows = await db
    .selectDistinct({ code: auditLog.activity })
    .from(auditLog)
    .where(visibleTo(viewer, patientId))
    .orderBy(auditLog.activity);
  return {
    activities: rows.map(({ code }) => ({
      activityId: code,
      activityDesc: activityLabel(code, language),
    })),
  };
}

export async function historyUserRoles(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryUserRoles> {
  const rows = await db
    .selectDistinct({ code: auditLog.userRole })
    .from(auditLog)
    .where(visibleTo(viewer, patientId))
    .orderBy(auditLog.userRole);
  return { userRoles: rows.map(({ code }): CodeDesc => ({ code, desc: userRoleLabel(code, language) })) };
}

export async function historyUsers(db: Database, viewer: UserRow, patientId: number): Promise<HistoryUsers> {
  // One entry per user even if their display name changed between accesses: the latest spelling wins.
  const rows = await db
    .select({
      id: auditLog.userId,
      name: sql<string>`(array_agg(${auditLog.userName} order by ${auditLog.id} desc))[1]`,
    })
    .from(auditLog)
    .where(and(visibleTo(viewer, patientId), sql`${auditLog.userId} is not null`))
    .groupBy(auditLog.userId);
  return {
    users: rows
      .flatMap((row) => (row.id === null ? [] : [{ id: row.id, name: row.name }]))
      .sort((a, b) => a.name.localeCompare(b.name, 'it')),
  };
}

export async function historyDocTypes(
  db: Database,
  viewer: UserRow,
  patientId: number,
  language: Language,
): Promise<HistoryDocTypes> {
  const rows = await db
    .selectDistinct({ code: documentTypes.code, descIt: documentTypes.descIt, descEn: documentTypes.descEn })
    .from(auditLog)
    .innerJoin(documentTypes, eq(documentTypes.code, auditLog.documentTypeCode))
    .where(visibleTo(viewer, patientId))
    .orderBy(documentTypes.code);
  return {
    documentTypes: rows.map((row) => ({ code: row.code, desc: language === 'en' ? row.descEn : row.descIt })),
  };
}
