import { and, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type {
  MepiSearchQuery,
  PagingQuery,
  Patient,
  PatientImport,
  PatientList,
  PatientListQuery,
  PatientSummary,
} from '../../src/contract';
import type { Database } from '../db/client';
import { favorites, patients } from '../db/schema';
import { HttpError } from '../http-error';

type PatientRow = typeof patients.$inferSelect;

function summaryOf(row: PatientRow, favorite: boolean): PatientSummary {
  return {
    mepiId: row.mepiId,
    masterId: row.masterId,
    favorite,
    name: row.name,
    surname: row.surname,
    sex: row.sex as PatientSummary['sex'],
    birthDate: row.birthDate,
    fiscalCode: row.fiscalCode,
    positionStatus: { merged: row.merged, alive: row.alive },
  };
}

/** Whether the patient exists; the access gate and the audited refusals ask it before anything else. */
export async function patientExists(db: Database, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ mepiId: patients.mepiId })
    .from(patients)
    .where(eq(patients.mepiId, patientId))
    .limit(1);
  return row !== undefined;
}

/** Who a PDF is about (its header): name, surname, fiscal code, birth date; 404 when there is no such patient. */
export interface PatientHeader {
  name: string;
  surname: string;
  fiscalCode: string;
  birthDate: string;
}

export async function patientHeader(db: Database, patientId: number): Promise<PatientHeader> {
  const [patient] = await db
    .select({
      name: patients.name,
      surname: patients.surname,
      fiscalCode: patients.fiscalCode,
      birthDate: patients.birthDate,
    })
    .from(patients)
    .where(eq(patients.mepiId, patientId))
    .limit(1);
  if (!patient) throw new HttpError(404, 'NOT_FOUND');
  return patient;
}

/** The full record: indexed columns plus the demographic document written by the seed or the import. */
export function patientOf(row: PatientRow, favorite: boolean): Patient {
  return { ...(row.demographics as Omit<Patient, keyof PatientSummary>), ...summaryOf(row, favorite) };
}

async function favoriteIds(db: Database, userId: number, patientIds: number[]): Promise<Set<number>> {
  if (patientIds.length === 0) return new Set();
  const rows = await db
    .select({ patientId: favorites.patientId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.patientId, patientIds)));
  return new Set(rows.map((row) => row.patientId));
}

export async function getPatient(db: Database, patientId: number, userId: number): Promise<Patient | null> {
  const [row] = await db.select().from(patients).where(eq(patients.mepiId, patientId)).limit(1);
  if (!row) return null;
  return patientOf(row, (await favoriteIds(db, userId, [patientId])).has(patientId));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Case-insensitive prefix match written on `lower(column)`, the expression the trigram indexes of
 * migration 0002 are built on: `ILIKE` on the bare column would not use them.
 */
function lowerPrefix(column: typeof patients.name | typeof patients.surname, text: string): SQL {
  return sql`lower(${column}) like ${`${escapeLike(text.toLowerCase())}%`}`;
}

function filtersOf(query: PatientListQuery, userId: number): SQL[] {
  const filters: SQL[] = [];
  if (query.name) filters.push(lowerPrefix(patients.name, query.name));
  if (query.surname) filters.push(lowerPrefix(patients.surname, query.surname));
  // The contract upper-cases the fiscal code, as it is stored: a plain LIKE uses the trigram index.
  if (query.fiscalCode) filters.push(like(patients.fiscalCode, `${escapeLike(query.fiscalCode)}%`));
  if (query.birthDate) filters.push(eq(patients.birthDate, query.birthDate));
  if (query.favorites) {
    filters.push(
      sql`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.patientId} = ${patients.mepiId})`,
    );
  }
  const statuses = query.positionStatus === undefined ? [] : [query.positionStatus].flat();
  if (statuses.length === 0) {
    filters.push(eq(patients.merged, false));
  } else {
    const byStatus: Record<(typeof statuses)[number], SQL> = {
      alive: and(eq(patients.alive, true), eq(patients.merged, false)) as SQL,
      deceased: and(eq(patients.alive, false), eq(patients.merged, false)) as SQL,
      merged: eq(patients.merged, true),
    };
    filters.push(or(...statuses.map((status) => byStatus[status])) as SQL);
  }
  return filters;
}

/**
 * The list order. Unfiltered, the partial b-tree on active patients gives it directly. With a selective
 * filter the order keys are wrapped (`|| ''`, same order) so the planner cannot pick that index: it
 * would walk the index in order and discard rows until a page matched, and matches of a prefix such as
 * `ro` all sit late in surname order (2.7 s at a million patients, against 0.3 s via the trigram index).
 */
function orderOf(filtered: boolean): SQL[] {
  const key = (column: typeof patients.name | typeof patients.surname): SQL =>
    filtered ? sql`(lower(${column}) || '')` : sql`lower(${column})`;
  return [key(patients.surname), key(patients.name), sql`${patients.mepiId}`];
}

/** One page of patients in list order, with the total. */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  paging: PagingQuery,
  userId: number,
  filtered: boolean,
): Promise<PatientList> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(patients)
    .where(where);
  const rows = await db
    .select()
    .from(patients)
    .where(where)
    .orderBy(...orderOf(filtered))
    .limit(paging.max)
    .offset(paging.offset);
  const favored = await favoriteIds(
    db,
    userId,
    rows.map((row) => row.mepiId),
  );
  return {
    patients: rows.map((row) => summaryOf(row, favored.has(row.mepiId))),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / paging.max),
      max: paging.max,
      offset: paging.offset,
    },
  };
}

/** `extra`: a condition another area adds on `patients` (a project's participation filter). */
export function listPatients(
  db: Database,
  query: PatientListQuery,
  userId: number,
  extra?: SQL,
): Promise<PatientList> {
  const filtered = Boolean(
    query.name || query.surname || query.fiscalCode || query.birthDate || query.favorites || extra,
  );
  return pageOf(db, and(...filtersOf(query, userId), extra), query, userId, filtered);
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
  return pageOf(db, where, query, userId, true);
}

/** Sets or clears the caller's bookmark; repeating the same call changes nothing. */
export async function setFavorite(
  db: Database,
  userId: number,
  patientId: number,
  favorite: boolean,
): Promise<{ favorite: boolean }> {
  if (!(await patientExists(db, patientId))) throw new HttpError(404, 'NOT_FOUND');
  if (favorite) {
    await db.insert(favorites).values({ userId, patientId }).onConflictDoNothing();
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.patientId, patientId)));
  }
  return { favorite };
}

/**
 * Creates the patient, or updates the one with the same fiscal code (the identity the import keys on).
 * A master id already held by another person is refused rather than silently moved.
 */
export async function importPatient(
  db: Database,
  record: PatientImport,
  userId: number,
): Promise<{ patient: Patient; created: boolean }> {
  const { masterId, name, surname, fiscalCode, birthDate, sex, positionStatus, ...demographics } = record;
  const [clash] = await db
    .select({ mepiId: patients.mepiId })
    .from(patients)
    .where(and(eq(patients.masterId, masterId), ne(patients.fiscalCode, fiscalCode)))
    .limit(1);
  if (clash) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'masterId', code: 'invalid' }]);
  const columns = {
    masterId,
    name,
    surname,
    birthDate,
    sex,
    alive: positionStatus?.alive ?? record.lifeStatus === 'alive',
    merged: positionStatus?.merged ?? false,
    demographics,
  };
  const [row] = await db
    .insert(patients)
    .values({ ...columns, fiscalCode })
    .onConflictDoUpdate({ target: patients.fiscalCode, set: columns })
    // xmax is 0 on a freshly inserted row version and set on one written by the conflict's update.
    .returning({ mepiId: patients.mepiId, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('import wrote no row');
  const patient = await getPatient(db, row.mepiId, userId);
  if (!patient) throw new Error('imported patient vanished');
  return { patient, created: row.created };
}
