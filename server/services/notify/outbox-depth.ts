import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationOutbox } from '../../db/schema';

/** Counted up to this many rows per state: a scrape stays cheap however large a backlog grows. */
export const OUTBOX_DEPTH_CAP = 10_000;

export interface OutboxDepth {
  /** Waiting for their time (a digest, a reminder). */
  pending: number;
  /** Their time has come and the dispatcher has not taken them: a backlog. */
  due: number;
  /** Claimed by a dispatcher and not finished. */
  sending: number;
}

/** The notification outbox's rows still to deliver, by state; each count read on the (status, due_at) index and capped. */
export async function outboxDepth(db: Database): Promise<OutboxDepth> {
  const capped = (where: ReturnType<typeof sql>) =>
    sql`(select count(*)::int from (select 1 from ${notificationOutbox} where ${where} limit ${OUTBOX_DEPTH_CAP}) rows)`;
  const result = await db.execute(
    sql`select ${capped(sql`status = 'PENDING' and due_at > now()`)} as pending,
      ${capped(sql`status = 'PENDING' and due_at <= now()`)} as due,
      ${capped(sql`status = 'SENDING'`)} as sending`,
  );
  const row = (result as unknown as { rows: Partial<OutboxDepth>[] }).rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    due: Number(row?.due ?? 0),
    sending: Number(row?.sending ?? 0),
  };
}
