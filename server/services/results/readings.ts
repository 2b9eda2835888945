import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  READING_FUTURE_SKEW_MS,
  READING_MAX_AGE_DAYS,
  type Reading,
  type ReadingCreateBody,
  type ReadingFields,
  type ReadingHistory,
  type ReadingVersion,
  readingFieldErrors,
} from '../../../src/contract/results';
import type { Database } from '../../db/client';
import { patientReadings, patientReadingVersions, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { documentlessShown } from '../clinical/visibility';

type ReadingRow = typeof patientReadings.$inferSelect;
const DAY_MS = 86_400_000;
/** A diary, not a device feed: the list answers the newest this many. */
const LIST_LIMIT = 500;

/** The stored values of a reading: what its kind uses, the rest null (a stray value is not kept). */
function valuesOf(fields: ReadingFields) {
  const measured = fields.kind === 'blood-pressure';
  return {
    takenAt: new Date(fields.takenAt),
    systolic: measured ? fields.systolic : null,
    diastolic: measured ? fields.diastolic : null,
    value: fields.kind === 'note' || measured ? null : fields.value,
    note: fields.note ? fields.note : null,
  };
}

/** The contract's per-kind rules and the date against the server's clock; 400 with every field wrong. */
function checkFields(fields: ReadingFields, now: Date): void {
  const errors: { field: string; code: 'required' | 'outOfRange' | 'invalid' }[] = readingFieldErrors(fields);
  const takenAt = Date.parse(fields.takenAt);
  if (
    takenAt > now.getTime() + READING_FUTURE_SKEW_MS ||
    takenAt < now.getTime() - READING_MAX_AGE_DAYS * DAY_MS
  )
    errors.push({ field: 'takenAt', code: 'outOfRange' });
  if (errors.length > 0) throw new HttpError(400, 'BAD_REQUEST', errors);
}

function toReading(row: ReadingRow, user: UserRow): Reading {
  return {
    id: row.id,
    kind: row.kind as Reading['kind'],
    takenAt: row.takenAt.toISOString(),
    systolic: row.systolic,
    diastolic: row.diastolic,
    value: row.value,
    note: row.note,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editable: row.authorId === user.id,
  };
}

/** Only the patient writes readings of their own record (a guest or the care team reads them). */
function refuseAllButThePatient(user: UserRow, patientId: number): void {
  if (user.userType !== 'PAT' || user.patientId !== patientId) throw new HttpError(403, 'ACCESS_DENIED');
}

export async function addReading(
  db: Database,
  user: UserRow,
  body: ReadingCreateBody,
  now: Date,
): Promise<Reading> {
  refuseAllButThePatient(user, body.patientId);
  await authorizePatientAccess(db, user, body.patientId, 'READING_WRITE');
  checkFields(body, now);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(patientReadings)
      .values({
        patientId: body.patientId,
        authorId: user.id,
        kind: body.kind,
        ...valuesOf(body),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('reading insert returned nothing');
    await tx.insert(patientReadingVersions).values(versionRow(created, 'entered', now));
    return created;
  });
  return toReading(row, user);
}

/** A live reading the caller may see, or 404 (the gate decides and audits the read first). */
async function findReading(
  db: Database,
  user: UserRow,
  id: number,
  activity: 'READING_READ' | 'READING_WRITE',
) {
  const [row] = await db
    .select()
    .from(patientReadings)
    .where(and(eq(patientReadings.id, id), isNull(patientReadings.deletedAt)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await authorizePatientAccess(db, user, row.patientId, activity);
  return row;
}

/** The author's own reading to change, or the refusal: another's is 404 (nothing says it exists). */
async function authorsReading(db: Database, user: UserRow, id: number): Promise<ReadingRow> {
  const row = await findReading(db, user, id, 'READING_WRITE');
  if (row.authorId !== user.id) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** The version row that records this state of a reading, and what made it. */
const versionRow = (row: ReadingRow, change: ReadingVersion['change'], changedAt: Date) => ({
  readingId: row.id,
  version: row.version,
  change,
  changedAt,
  takenAt: row.takenAt,
  systolic: row.systolic,
  diastolic: row.diastolic,
  value: row.value,
  note: row.note,
});

/**
 * The next version of a live reading with its version row, in one transaction. The version is taken by
 * the update itself, so two changes at once make two versions, never one number twice.
 */
function saveNextVersion(
  db: Database,
  id: number,
  changes: Partial<typeof patientReadings.$inferInsert>,
  change: Exclude<ReadingVersion['change'], 'entered'>,
  now: Date,
): Promise<ReadingRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(patientReadings)
      .set({ ...changes, version: sql`${patientReadings.version} + 1`, updatedAt: now })
      .where(and(eq(patientReadings.id, id), isNull(patientReadings.deletedAt)))
      .returning();
    if (!updated) throw new HttpError(404, 'NOT_FOUND');
    await tx.insert(patientReadingVersions).values(versionRow(updated, change, now));
    return updated;
  });
}

/** A correction by its author: the kind stays, the values are checked as when entered. */
export async function correctReading(
  db: Database,
  user: UserRow,
  id: number,
  fields: ReadingFields,
  now: Date,
): Promise<Reading> {
  const existing = await authorsReading(db, user, id);
  if (fields.kind !== existing.kind)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'kind', code: 'invalid' }]);
  checkFields(fields, now);
  return toReading(await saveNextVersion(db, id, valuesOf(fields), 'corrected', now), user);
}

/** Deleting hides the reading everywhere; its versions stay, the last one saying it was deleted. */
export async function deleteReading(db: Database, user: UserRow, id: number, now: Date): Promise<void> {
  await authorsReading(db, user, id);
  await saveNextVersion(db, id, { deletedAt: now }, 'deleted', now);
}

/** The live readings of a patient, newest first, for whoever the gate lets read the record. */
export async function listReadings(db: Database, user: UserRow, patientId: number): Promise<Reading[]> {
  await authorizePatientAccess(db, user, patientId, 'READING_READ');
  // Readings come from no document: a guest sees them only with the dossier right, as the record's rows.
  if (!(await documentlessShown(db, user, patientId))) return [];
  const rows = await db
    .select()
    .from(patientReadings)
    .where(and(eq(patientReadings.patientId, patientId), isNull(patientReadings.deletedAt)))
    .orderBy(desc(patientReadings.takenAt), desc(patientReadings.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => toReading(row, user));
}

/** Every version of a live reading, first to last. */
export async function readingHistory(db: Database, user: UserRow, id: number): Promise<ReadingHistory> {
  const reading = await findReading(db, user, id, 'READING_READ');
  if (!(await documentlessShown(db, user, reading.patientId))) throw new HttpError(404, 'NOT_FOUND');
  const rows = await db
    .select()
    .from(patientReadingVersions)
    .where(eq(patientReadingVersions.readingId, id))
    .orderBy(patientReadingVersions.version);
  return {
    versions: rows.map((row) => ({
      version: row.version,
      change: row.change as ReadingVersion['change'],
      changedAt: row.changedAt.toISOString(),
      takenAt: row.takenAt.toISOString(),
      systolic: row.systolic,
      diastolic: row.diastolic,
      value: row.value,
      note: row.note,
    })),
  };
}
