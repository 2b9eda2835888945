import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conferencePresence } from '../../db/schema';

/** A user is online while their last heartbeat is younger than this: two heartbeats may be lost. */
export const PRESENCE_TTL_MS = 75_000;
/** A heartbeat sooner than this after the stored one changes nothing: no write per tab per beat. */
const PRESENCE_WRITE_EVERY_MS = 10_000;

/** Records that this user has the portal open now (one row per user, whatever the tabs and processes). */
export async function recordHeartbeat(db: Database, userId: number, now: Date = new Date()): Promise<void> {
  const stale = new Date(now.getTime() - PRESENCE_WRITE_EVERY_MS);
  await db
    .insert(conferencePresence)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({
      target: conferencePresence.userId,
      set: { seenAt: sql`excluded.seen_at` },
      setWhere: sql`${conferencePresence.seenAt} < ${stale}`,
    });
}

/** The tab says it goes away (logout, closing): the user is offline at once, not after the TTL. */
export async function clearPresence(db: Database, userId: number): Promise<void> {
  await db.delete(conferencePresence).where(eq(conferencePresence.userId, userId));
}

/** Which of these users are online now. */
export async function onlineAmong(
  db: Database,
  userIds: readonly number[],
  now: Date = new Date(),
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: conferencePresence.userId })
    .from(conferencePresence)
    .where(
      and(
        inArray(conferencePresence.userId, [...new Set(userIds)]),
        gt(conferencePresence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS)),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
