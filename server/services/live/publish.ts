import { sql } from 'drizzle-orm';
import type { LiveNotice } from '../../../src/contract';
import type { Database } from '../../db/client';

/**
 * Tells every server process on this database that `notice.topic` changed for these users or roles.
 * NOTIFY is transactional: called inside a transaction, the notice leaves only if it commits, so a
 * client never refetches before the change is visible. The channel follows the schema (see liveChannel).
 */
export async function publishLive(db: Database, notice: LiveNotice): Promise<void> {
  if (notice.userIds?.length === 0 && !notice.roles?.length) return;
  await db.execute(sql`select pg_notify('live_' || current_schema(), ${JSON.stringify(notice)})`);
}
