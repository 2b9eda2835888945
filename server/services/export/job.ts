import { and, eq, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { EXPORT_LIFETIME_DAYS } from '../../../src/contract/export';
import { Language } from '../../../src/contract/language';
import type { Database } from '../../db/client';
import { notificationOutbox, recordExports, users } from '../../db/schema';
import { liveGrant } from '../accounts/guest-grants';
import { publishLive } from '../live/publish';
import { BuildStopped, type BuiltArchive, buildArchive } from './build';
import { deleteChunks } from './chunks';

/** A running job whose heartbeat is older than this lost its process: another one starts it again. */
export const STALE_AFTER_MS = 2 * 60 * 1000;
/** Builds started at most this many times; then the job fails (something in the record breaks it). */
const MAX_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the readiness notice and the live updates lead. */
export const EXPORT_LINK = '/export';

type ExportRow = typeof recordExports.$inferSelect;

/**
 * Takes the oldest queued job, or one whose process stopped beating, for this process: one UPDATE over a
 * `for update skip locked` choice, so two processes never take the same job.
 */
async function claimNext(db: Database, now: Date): Promise<ExportRow | null> {
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const [row] = await db
    .update(recordExports)
    .set({
      state: 'running',
      heartbeatAt: now,
      attempts: sql`${recordExports.attempts} + 1`,
      documentsDone: 0,
    })
    .where(
      eq(
        recordExports.id,
        sql`(select id from record_exports
          where state = 'queued' or (state = 'running' and heartbeat_at < ${stale}::timestamptz)
          order by id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Ready archives past their week, and what failed or was deleted, lose their bytes. */
async function expireArchives(db: Database, now: Date): Promise<void> {
  const expired = await db
    .update(recordExports)
    .set({ state: 'expired' })
    .where(and(eq(recordExports.state, 'ready'), lte(recordExports.expiresAt, now)))
    .returning({ id: recordExports.id, requestedBy: recordExports.requestedBy });
  for (const row of expired) await deleteChunks(db, row.id);
  if (expired.length > 0)
    await publishLive(db, {
      topics: ['exports'],
      userIds: [...new Set(expired.map((row) => row.requestedBy))],
    });
}

/**
 * The requester as the build reads for them: still enabled, and a guest still holding a live grant with
 * the download right on this patient (their account's patient is the job's).
 */
async function requesterOf(db: Database, job: ExportRow, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, job.requestedBy)).limit(1);
  if (!user?.enabled) return null;
  if (user.userType !== 'GUE')
    return user.userType === 'PAT' && user.patientId === job.patientId ? user : null;
  const guest = { ...user, patientId: job.patientId };
  const grant = await liveGrant(db, guest, job.patientId, now);
  return grant?.rights.includes('download') ? guest : null;
}

async function finish(db: Database, job: ExportRow, built: BuiltArchive, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(recordExports)
      .set({
        state: 'ready',
        bytes: built.bytes,
        documentsDone: built.documents,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_LIFETIME_DAYS * DAY_MS),
      })
      .where(and(eq(recordExports.id, job.id), eq(recordExports.attempts, job.attempts)))
      .returning({ id: recordExports.id });
    if (!done) return;
    // Like a shared link's open: about the account's own request, it leaves at once and says nothing clinical.
    await tx.insert(notificationOutbox).values({
      userId: job.requestedBy,
      event: 'EXPORT_READY',
      link: EXPORT_LINK,
      createdAt: now,
      dueAt: now,
    });
    await publishLive(tx, { topics: ['exports'], userIds: [job.requestedBy] });
  });
}

async function fail(db: Database, job: ExportRow, reason: string, now: Date): Promise<void> {
  await deleteChunks(db, job.id);
  await db
    .update(recordExports)
    .set({ state: 'failed', failure: reason.slice(0, 200), finishedAt: now })
    .where(and(eq(recordExports.id, job.id), eq(recordExports.attempts, job.attempts)));
  await publishLive(db, { topics: ['exports'], userIds: [job.requestedBy] });
}

/** Hands a job back to the queue (this process is stopping): another process starts it afresh. */
async function release(db: Database, job: ExportRow): Promise<void> {
  await deleteChunks(db, job.id);
  await db
    .update(recordExports)
    .set({ state: 'queued', heartbeatAt: null, attempts: sql`${recordExports.attempts} - 1` })
    .where(
      and(
        eq(recordExports.id, job.id),
        eq(recordExports.attempts, job.attempts),
        eq(recordExports.state, 'running'),
      ),
    );
}

export interface ExportPassSetting {
  organizationName: string;
  now?: () => Date;
  /** True once the process is stopping: the build hands its job back at its next heartbeat. */
  stopping?: () => boolean;
  onBuilt?: (job: { id: number }, built: BuiltArchive) => void;
}

/**
 * One pass of the export worker: expire what is past its week, then build the oldest waiting archive, if
 * any. Returns whether a job was taken.
 */
export async function runExportPass(db: Database, setting: ExportPassSetting): Promise<boolean> {
  const now = setting.now ?? (() => new Date());
  await expireArchives(db, now());
  const job = await claimNext(db, now());
  if (!job) return false;
  await deleteChunks(db, job.id);
  if (job.attempts > MAX_ATTEMPTS) {
    await fail(db, job, 'too many attempts', now());
    return true;
  }
  const user = await requesterOf(db, job, now());
  if (!user) {
    await fail(db, job, 'requester may no longer export', now());
    return true;
  }
  const progress = async (done: number, total: number, offline: number): Promise<boolean> => {
    if (setting.stopping?.()) return false;
    const [kept] = await db
      .update(recordExports)
      .set({ heartbeatAt: now(), documentsDone: done, documentsTotal: total, documentsOffline: offline })
      .where(
        and(
          eq(recordExports.id, job.id),
          eq(recordExports.attempts, job.attempts),
          eq(recordExports.state, 'running'),
        ),
      )
      .returning({ id: recordExports.id });
    if (kept) await publishLive(db, { topics: ['exports'], userIds: [job.requestedBy] });
    return kept !== undefined;
  };
  try {
    const built = await buildArchive(
      db,
      { id: job.id, patientId: job.patientId, language: v.parse(Language, job.language) },
      user,
      { organizationName: setting.organizationName, now, progress },
    );
    await finish(db, job, built, now());
    setting.onBuilt?.(job, built);
  } catch (error) {
    if (error instanceof BuildStopped) {
      if (setting.stopping?.()) await release(db, job);
      return true;
    }
    await fail(db, job, error instanceof Error ? error.message : String(error), now());
    throw error;
  }
  return true;
}
