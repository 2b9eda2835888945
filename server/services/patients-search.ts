import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { MepiSearchQuery, PagingQuery, PatientList, PatientListQuery } from '../../src/contract';
import type { Database } from '../db/client';
import { favorites, patients } from '../db/schema';
import { favoriteIds, summaryOf } from './patients';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Case-insensitive prefix match on `lower(column) COLLATE "C"`, the key of the covering indexes of
 * migration 0019: in collation "C" a LIKE prefix is a range scan whatever the database's collation.
 */
function lowerPrefix(column: typeof patients.name | typeof patients.surname, text: string): SQL {
  return sql`lower(${column}) collate "C" like ${`${escapeLike(text.toLowerCase())}%`}`;
}

type Status = 'alive' | 'deceased' | 'merged';
const statusesOf = (query: PatientListQuery): Status[] =>
  query.positionStatus === undefined ? [] : [query.positionStatus].flat();

/** The position-status condition on a table with `alive` and `merged` (patients, patient_counts). */
function statusCondition(statuses: Status[], alive: SQL, merged: SQL): SQL {
  if (statuses.length === 0) return sql`not ${merged}`;
  const byStatus: Record<Status, SQL> = {
    alive: sql`(${alive} and not ${merged})`,
    deceased: sql`(not ${alive} and not ${merged})`,
    merged: sql`${merged}`,
  };
  return sql`(${sql.join(
    statuses.map((status) => byStatus[status]),
    sql` or `,
  )})`;
}

function filtersOf(query: PatientListQuery, userId: number): SQL[] {
  const filters: SQL[] = [];
  if (query.name) filters.push(lowerPrefix(patients.name, query.name));
  if (query.surname) filters.push(lowerPrefix(patients.surname, query.surname));
  // The contract upper-cases the fiscal code, as it is stored.
  if (query.fiscalCode)
    filters.push(sql`${patients.fiscalCode} collate "C" like ${`${escapeLike(query.fiscalCode)}%`}`);
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
 * same order with its first key wrapped (`|| ''`) so that the planner cannot walk that index. For a fiscal
 * code prefix it would: the code starts with the surname's consonants, so `RS…` matches all sit late in
 * surname order (226 ms at a million, against about 40 ms from the fiscal code index and a sort).
 */
const orderOf = (detached: boolean): SQL[] => [
  detached
    ? sql`(lower(${patients.surname}) collate "C" || '')`
    : sql`lower(${patients.surname}) collate "C"`,
  sql`lower(${patients.name}) collate "C"`,
  sql`${patients.mepiId}`,
];
const ORDER = orderOf(false);

/**
 * One page of patients in list order, with the total. The page's ids are chosen from the covering
 * indexes alone (a deferred join): only its rows are read from the table, even at offset 10,000.
 * `total`: the count when the caller has it already (the maintained one), else counted here.
 */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  paging: PagingQuery,
  userId: number,
  options: { total?: Promise<number>; detached?: boolean } = {},
): Promise<PatientList> {
  const { total, detached = false } = options;
  const counted =
    total ??
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(patients)
      .where(where)
      .then(([row]) => row?.total ?? 0);
  const ids = db
    .select({ id: patients.mepiId })
    .from(patients)
    .where(where)
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

/** The unfiltered total from patient_counts (migration 0019, kept by a trigger): no million-row count. */
async function maintainedCount(db: Database, statuses: Status[]): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(total), 0)::int as total from patient_counts where ${statusCondition(statuses, sql`alive`, sql`merged`)}`,
  );
  const rows = (result as unknown as { rows: { total: number }[] }).rows;
  return Number(rows[0]?.total ?? 0);
}

/** `extra`: a condition another area adds on `patients` (a project's participation filter). */
export function listPatients(
  db: Database,
  query: PatientListQuery,
  userId: number,
  extra?: SQL,
): Promise<PatientList> {
  const statuses = statusesOf(query);
  const filters = extra ? [...filtersOf(query, userId), extra] : filtersOf(query, userId);
  const where = and(...filters, statusCondition(statuses, sql`${patients.alive}`, sql`${patients.merged}`));
  return pageOf(db, where, query, userId, {
    ...(filters.length === 0 ? { total: maintainedCount(db, statuses) } : {}),
    detached: Boolean(query.fiscalCode && !query.surname),
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
