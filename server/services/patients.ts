import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Patient, PatientList, PatientListQuery, PatientSummary } from '../../src/contract';
import type { Database } from '../db/client';
import { favorites, patients } from '../db/schema';

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

function filtersOf(query: PatientListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.name) filters.push(ilike(patients.name, `${escapeLike(query.name)}%`));
  if (query.surname) filters.push(ilike(patients.surname, `${escapeLike(query.surname)}%`));
  if (query.fiscalCode) filters.push(ilike(patients.fiscalCode, `${escapeLike(query.fiscalCode)}%`));
  if (query.birthDate) filters.push(eq(patients.birthDate, query.birthDate));
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

export async function listPatients(
  db: Database,
  query: PatientListQuery,
  userId: number,
): Promise<PatientList> {
  const where = and(...filtersOf(query));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(patients)
    .where(where);
  const rows = await db
    .select()
    .from(patients)
    .where(where)
    .orderBy(asc(patients.surname), asc(patients.name), asc(patients.mepiId))
    .limit(query.max)
    .offset(query.offset);
  const favored = await favoriteIds(
    db,
    userId,
    rows.map((row) => row.mepiId),
  );
  return {
    patients: rows.map((row) => summaryOf(row, favored.has(row.mepiId))),
    paging: {
      totalCount: total,
      totalPage: Math.ceil(total / query.max),
      max: query.max,
      offset: query.offset,
    },
  };
}
