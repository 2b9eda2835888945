import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { RecordExport } from '../../../src/contract/export';
import type { Database } from '../../db/client';
import { recordExports, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordRefusal } from '../access/recorded';
import { liveGrant } from '../accounts/guest-grants';
import type { AuditActivity } from '../audit';
import type { Language } from '../language';
import { publishLive } from '../live/publish';
import { isStaff } from '../users';
import { deleteChunks } from './chunks';

/** Archives one requester may start for one patient in a day: each one reads the whole record. */
export const EXPORTS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The list shows the newest few; older ones are long expired. */
const LISTED = 5;

type ExportRow = typeof recordExports.$inferSelect;

/**
 * Taking the record away is the patient's right: the patient, or a guest whose grant includes downloads.
 * Staff have the hospital's own channels (document requests); their attempt is refused and written in the
 * trail, like a refusal of the gate.
 */
export async function authorizeExport(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: Extract<AuditActivity, 'RECORD_EXPORT' | 'RECORD_EXPORT_DOWNLOAD'>,
  now: Date,
): Promise<void> {
  if (isStaff(user)) {
    await recordRefusal(db, user, patientId, activity, { detail: 'STAFF_MAY_NOT_EXPORT' });
    throw new HttpError(403, 'ACCESS_DENIED');
  }
  if (user.userType === 'GUE') {
    const grant = await liveGrant(db, user, patientId, now);
    if (grant && !grant.rights.includes('download')) {
      await recordRefusal(db, user, patientId, activity, { detail: 'DOWNLOAD_NOT_ALLOWED' });
      throw new HttpError(403, 'DOWNLOAD_NOT_ALLOWED');
    }
  }
  await authorizePatientAccess(db, user, patientId, activity);
}

export function toRecordExport(row: ExportRow): RecordExport {
  return {
    id: row.id,
    state: row.state as RecordExport['state'],
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.state === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    documentsTotal: row.documentsTotal,
    documentsDone: row.documentsDone,
    documentsOffline: row.documentsOffline,
    bytes: row.state === 'ready' ? row.bytes : null,
  };
}

/**
 * Queues an archive (audited RECORD_EXPORT), or answers the one already queued or running for this
 * patient and requester: the partial unique index makes parallel requests one job.
 */
export async function requestExport(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
  now: Date,
): Promise<{ created: boolean; export: RecordExport }> {
  await authorizeExport(db, user, patientId, 'RECORD_EXPORT', now);
  const mine = and(eq(recordExports.patientId, patientId), eq(recordExports.requestedBy, user.id));
  const inProgress = async () =>
    (
      await db
        .select()
        .from(recordExports)
        .where(and(mine, sql`${recordExports.state} in ('queued', 'running')`))
        .limit(1)
    )[0];
  const existing = await inProgress();
  if (existing) return { created: false, export: toRecordExport(existing) };
  const [{ started = 0 } = {}] = await db
    .select({ started: sql<number>`count(*)::int` })
    .from(recordExports)
    .where(and(mine, gt(recordExports.createdAt, new Date(now.getTime() - DAY_MS))));
  if (started >= EXPORTS_PER_DAY) throw new HttpError(429, 'RATE_LIMITED');
  const [row] = await db
    .insert(recordExports)
    .values({ patientId, requestedBy: user.id, language, createdAt: now })
    .onConflictDoNothing({
      target: [recordExports.patientId, recordExports.requestedBy],
      where: sql`state in ('queued', 'running')`,
    })
    .returning();
  if (row) {
    await publishLive(db, { topics: ['exports'], userIds: [user.id] });
    return { created: true, export: toRecordExport(row) };
  }
  // Another request's job won the index; it may even have finished since: answer the newest.
  const winner = await inProgress();
  const [raced] = winner ? [winner] : await newest(db, user, patientId, 1);
  if (!raced) throw new HttpError(404, 'NOT_FOUND');
  return { created: false, export: toRecordExport(raced) };
}

/**
 * The requester's archives of this patient, newest first. Only the job's own state (no clinical data), read
 * again at every progress tick: it is the account's, like its preferences, and writes no audit row; the
 * patient or a guest with a live grant on this patient reads it, nobody else.
 */
export async function listExports(
  db: Database,
  user: UserRow,
  patientId: number,
  now: Date,
): Promise<RecordExport[]> {
  const own =
    user.userType === 'PAT'
      ? user.patientId === patientId
      : user.userType === 'GUE' && (await liveGrant(db, user, patientId, now)) !== null;
  if (!own) throw new HttpError(403, 'ACCESS_DENIED');
  return (await newest(db, user, patientId, LISTED)).map(toRecordExport);
}

const newest = (db: Database, user: UserRow, patientId: number, limit: number): Promise<ExportRow[]> =>
  db
    .select()
    .from(recordExports)
    .where(and(eq(recordExports.patientId, patientId), eq(recordExports.requestedBy, user.id)))
    .orderBy(desc(recordExports.createdAt), desc(recordExports.id))
    .limit(limit);

/** One archive of this requester: another person's, or none, is the same 404. */
export async function ownExport(db: Database, user: UserRow, id: number): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(recordExports)
    .where(and(eq(recordExports.id, id), eq(recordExports.requestedBy, user.id)))
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** Deletes an archive early (or stops its build): its bytes go, the row stays as expired. */
export async function deleteExport(db: Database, row: ExportRow, now: Date): Promise<void> {
  await db
    .update(recordExports)
    .set({ state: 'expired', expiresAt: now, finishedAt: row.finishedAt ?? now })
    .where(eq(recordExports.id, row.id));
  await deleteChunks(db, row.id);
  await publishLive(db, { topics: ['exports'], userIds: [row.requestedBy] });
}

/** A ready archive still within its week: what a download may be made of. */
export function isDownloadable(row: ExportRow, now: Date): boolean {
  return row.state === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() > now.getTime();
}
