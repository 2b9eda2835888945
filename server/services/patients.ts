import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Patient, PatientImport, PatientSummary } from '../../src/contract';
import type { Database } from '../db/client';
import { favorites, patients } from '../db/schema';
import { HttpError } from '../http-error';

export type PatientRow = typeof patients.$inferSelect;

export function summaryOf(row: PatientRow, favorite: boolean): PatientSummary {
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

export async function favoriteIds(db: Database, userId: number, patientIds: number[]): Promise<Set<number>> {
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
