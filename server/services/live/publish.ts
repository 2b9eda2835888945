import { sql } from 'drizzle-orm';
import type { LiveNotice } from '../../../src/contract';
import type { Database } from '../../db/client';

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more, and the whole transaction with it: a notice
 * naming many users leaves as several, each under the limit (an id is at most 11 characters with its comma).
 */
export const USERS_PER_NOTICE = 500;

/** The notice as payloads under NOTIFY's limit: the roles in the first, the users spread over all. */
export function noticePayloads(notice: LiveNotice): string[] {
  const userIds = notice.userIds ?? [];
  if (userIds.length <= USERS_PER_NOTICE) return [JSON.stringify(notice)];
  const payloads: string[] = [];
  for (let start = 0; start < userIds.length; start += USERS_PER_NOTICE) {
    const part = userIds.slice(start, start + USERS_PER_NOTICE);
    // Roles once: every process sends a role's streams the notice on each payload that names it.
    const roles = start === 0 && notice.roles ? { roles: notice.roles } : {};
    payloads.push(JSON.stringify({ topics: notice.topics, userIds: part, ...roles }));
  }
  return payloads;
}

/**
 * Tells every server process on this database that `notice.topic` changed for these users or roles.
 * NOTIFY is transactional: called inside a transaction, the notices leave only if it commits, so a
 * client never refetches before the change is visible. The channel follows the schema (see liveChannel).
 */
export async function publishLive(db: Database, notice: LiveNotice): Promise<void> {
  if (notice.userIds?.length === 0 && !notice.roles?.length) return;
  for (const payload of noticePayloads(notice))
    await db.execute(sql`select pg_notify('live_' || current_schema(), ${payload})`);
}
