import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { MepiSearchQuery, PagingQuery, PatientList, PatientListQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import { favorites, patients } from '../../db/schema';
import { favoriteIds, summaryOf } from '../patients';
import type { ParticipationCondition } from '../projects/list-filter';
import { fiscalCodePrefix, lowerPrefix, type Status, statusCondition } from './conditions';

const statusesOf = (query: PatientListQuery): Status[] =>
  query.positionStatus === undefined ? [] : [query.positionStatus].flat();

/** `ordered`: the page's form of the conditions, else the count's (see fiscalCodePrefix). */
function filtersOf(query: PatientListQuery, userId: number, ordered: boolean): SQL[] {
  const filters: SQL[] = [];
  if (query.name) filters.push(lowerPrefix(patients.name, query.name));
  if (query.surname) filters.push(lowerPrefix(patients.surname, query.surname));
  if (query.fiscalCode) filters.push(fiscalCodePrefix(query.fiscalCode, ordered));
  if (query.birthDate) filters.push(eq(patients.birthDate, query.birthDate));
  if (query.favorites) {
    filters.push(
      sql`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.patientId} = ${patients.mepiId})`,
    );
  }
  return filters;
}

/**
 * The list order, the key order of patients_active_order_idx (code points, lower case). `detached`: the
 * same order with its first key wrapped (`|| ''`): then the planner cannot walk that index, only the
 * `left(fiscal_code, n)` indexes keyed on the wrapped form, or sort. For a fiscal-code prefix it would walk
 * it: the code starts with the surname's consonants, so the matches of `R` or `RSSM` sit late in surname
 * order (97 ms to skip 730,000 entries), which the planner's estimate cannot know.
 */
const orderOf = (detached: boolean): SQL[] => [
  detached
    ? sql`(lower(${patients.surname}) collate "C" || '')`
    : sql`lower(${patients.surname}) collate "C"`,
  sql`lower(${patients.name}) collate "C"`,
  sql`${patients.mepiId}`,
];
const ORDER = orderOf(false);

const countOf = (db: Database, where: SQL | undefined): Promise<number> =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(patients)
    .where(where)
    .then(([row]) => row?.total ?? 0);

/**
 * One page of patients in list order, with the total. The page's ids are chosen from the indexes alone
 * where they cover the conditions (a deferred join): only its rows are read from the table, even at offset
 * 10,000. `pageWhere`: the conditions in the form whose index gives the order (else `where`). `total`: the
 * count when the caller has it already, else counted here, on a connection of its own meanwhile.
 */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  paging: PagingQuery,
  userId: number,
  options: { total?: Promise<number>; detached?: boolean; pageWhere?: SQL | undefined } = {},
): Promise<PatientList> {
  const { total, detached = false, pageWhere = where } = options;
  const counted = total ?? countOf(db, where);
  const ids = db
    .select({ id: patients.mepiId })
    .from(patients)
    .where(pageWhere)
    .orderBy(...orderOf(detached))
    .limit(paging.max)
    .offset(paging.offset);
  const rows = await db
    .select()
    .from(patients)
    .where(inArray(patients.mepiId, ids))
    .orderBy(...ORDER);
  const favored = await favoriteIds(
    db,
    userId,
    rows.map((row) => row.mepiId),
  );
  const count = await counted;
  return {
    patients: rows.map((row) => summaryOf(row, favored.has(row.mepiId))),
    paging: {
      totalCount: count,
      totalPage: Math.ceil(count / paging.max),
      max: paging.max,
      offset: paging.offset,
    },
  };
}

/** The unfiltered total from patient_counts (migration 0019, kept by triggers): no million-row count. */
async function maintainedCount(db: Database, statuses: Status[]): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(total), 0)::int as total from patient_counts where ${statusCondition(statuses, sql`alive`, sql`merged`)}`,
  );
  const rows = (result as unknown as { rows: { total: number }[] }).rows;
  return Number(rows[0]?.total ?? 0);
}

/**
 * `participation`: another area's condition on `patients` (a project's participation filter). The total of
 * a filter that keeps nearly everyone (`neither`) is the total without it minus the few it leaves out.
 */
export function listPatients(
  db: Database,
  query: PatientListQuery,
  userId: number,
  participation?: ParticipationCondition,
): Promise<PatientList> {
  const statuses = statusesOf(query);
  const status = statusCondition(statuses, sql`${patients.alive}`, sql`${patients.merged}`);
  const conditions = (ordered: boolean): SQL | undefined => {
    const filters = filtersOf(query, userId, ordered);
    return and(...filters, ...(participation ? [participation.where] : []), status);
  };
  const filters = filtersOf(query, userId, false);
  const countWithout = (): Promise<number> =>
    filters.length === 0 ? maintainedCount(db, statuses) : countOf(db, and(...filters, status));
  let total: Promise<number> | undefined;
  if (participation?.excluded) {
    const left = countOf(db, and(...filters, participation.excluded, status));
    total = Promise.all([countWithout(), left]).then(([all, excluded]) => all - excluded);
  } else if (!participation && filters.length === 0) total = countWithout();
  return pageOf(db, conditions(false), query, userId, {
    ...(total ? { total } : {}),
    detached: Boolean(query.fiscalCode && !query.surname),
    pageWhere: conditions(true),
  });
}

/**
 * Advanced (MEPI) search. The fiscal code is exact; surname and name are case-insensitive prefixes
 * narrowed by the exact birth date (its b-tree index does the work); a person identifier is matched by
 * JSON containment, served by the GIN index on `demographics -> 'personIdentifiers'`. Merged positions
 * are included: whoever searches an identity must see that it was merged.
 */
export function searchPatients(db: Database, query: MepiSearchQuery, userId: number): Promise<PatientList> {
  let where: SQL | undefined;
  if (query.fiscalCode) {
    where = eq(patients.fiscalCode, query.fiscalCode);
  } else if (query.surname && query.name && query.birthDate) {
    where = and(
      eq(patients.birthDate, query.birthDate),
      lowerPrefix(patients.surname, query.surname),
      lowerPrefix(patients.name, query.name),
    );
  } else {
    const wanted = JSON.stringify([{ type: query.identifierType, value: query.identifierValue }]);
    where = sql`(${patients.demographics} -> 'personIdentifiers') @> ${wanted}::jsonb`;
  }
  return pageOf(db, where, query, userId);
}
