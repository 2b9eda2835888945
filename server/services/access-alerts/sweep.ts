import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accessAlertsSent,
  accessAlertWatermark,
  auditLog,
  notificationOutbox,
  notificationPreferences,
  users,
} from '../../db/schema';
import { FACET_DETAIL_PREFIX } from '../access/history';
import type { AuditActivity } from '../audit';
import { inCareTeam } from '../projects/care-team';

/** Where an alert's tap leads: the treatment history, where the access shows with its report button. */
export const ALERT_LINK_PREFIX = '/datahistory/';

/**
 * Rows that are not someone opening the dossier: being one line in a staff list or search, what the
 * patient shares (a recipient's open has its own notice), and the privacy officer's work on a report.
 */
const NOT_AN_OPENING: readonly AuditActivity[] = [
  'PATIENT_LIST',
  'PATIENT_SEARCH',
  'SHL_READ',
  'SHL_WRITE',
  'SHL_OPEN',
  'DISPUTE_WRITE',
  'DISPUTE_READ',
  'DISPUTE_ANSWER',
];

export interface SweepOptions {
  now: Date;
  /**
   * Audit rows younger than this wait for the next sweep: ids are taken before commit, so a row with a
   * lower id may still commit after a higher one was read; passing it would lose it.
   */
  settleMs?: number;
  /** One reader going on reading the same patient within this time is not alerted again. */
  quietMs?: number;
  batch?: number;
}

/**
 * One pass over the audit rows written since the last: the watermark row is locked with SKIP LOCKED, so
 * a pass running in another process makes this one a no-op, and each row is considered once. Allowed
 * openings by someone other than the patient, for patients who turned alerts on (filtered by their care
 * team when chosen), make one immediate notice per patient account and reader. Returns the notices queued.
 */
export async function sweepAccessAlerts(db: Database, options: SweepOptions): Promise<number> {
  const { now, settleMs = 5_000, quietMs = 10 * 60_000, batch = 2_000 } = options;
  return db.transaction(async (tx) => {
    const [mark] = await tx
      .select({ last: accessAlertWatermark.lastAuditId })
      .from(accessAlertWatermark)
      .where(sql`${accessAlertWatermark.name} = 'audit'`)
      .for('update', { skipLocked: true });
    if (!mark) return 0;
    const fresh = await tx
      .select({ id: auditLog.id, at: auditLog.at })
      .from(auditLog)
      .where(sql`${auditLog.id} > ${mark.last}`)
      .orderBy(auditLog.id)
      .limit(batch);
    // Only the settled prefix: the watermark never passes a row that is still too young.
    const cutoff = now.getTime() - settleMs;
    const settledCount = fresh.findIndex((row) => row.at.getTime() >= cutoff);
    const settled = settledCount === -1 ? fresh : fresh.slice(0, settledCount);
    const upTo = settled.at(-1)?.id;
    if (upTo === undefined) return 0;
    await tx
      .update(accessAlertWatermark)
      .set({ lastAuditId: upTo, updatedAt: now })
      .where(sql`${accessAlertWatermark.name} = 'audit'`);
    return queueAlerts(tx, { from: mark.last, upTo, now, quietMs });
  });
}

/** Both drivers answer a raw statement with `rows`; drizzle types the result as the driver's. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function queueAlerts(
  tx: Database,
  range: { from: number; upTo: number; now: Date; quietMs: number },
): Promise<number> {
  const excluded = sql.join(
    NOT_AN_OPENING.map((activity) => sql`${activity}`),
    sql`, `,
  );
  // Pairs of (patient, reader) whose patient has an account that wants to hear of this reader.
  const pairs = sql`select distinct a.patient_id, a.user_id as reader_id
    from ${auditLog} a
    join ${users} p on p.patient_id = a.patient_id and p.user_type = 'PAT' and p.enabled
    join ${notificationPreferences} np on np.user_id = p.id
    join ${users} r on r.id = a.user_id
    where a.id > ${range.from} and a.id <= ${range.upTo} and a.outcome = 'ALLOWED'
      and a.activity not in (${excluded})
      and coalesce(a.detail, '') not like ${`${FACET_DETAIL_PREFIX}%`}
      and not (r.user_type = 'PAT' and r.patient_id = a.patient_id)
      and (np.access_alerts = 'EVERYONE' or (np.access_alerts = 'OUTSIDE_CARE_TEAM'
        and not ${inCareTeam(sql`a.user_id`, sql`a.patient_id`, range.now)}))`;
  // The upsert makes a reader who goes on reading within the quiet time one alert, not one per pass.
  const due = rowsOf<{ patient_id: number; reader_id: number }>(
    await tx.execute(sql`
    insert into ${accessAlertsSent} (patient_id, reader_id, alerted_at)
    select patient_id, reader_id, ${range.now.toISOString()}::timestamptz from (${pairs}) pairs
    on conflict (patient_id, reader_id) do update set alerted_at = excluded.alerted_at
      where ${accessAlertsSent.alertedAt} < ${new Date(range.now.getTime() - range.quietMs).toISOString()}::timestamptz
    returning patient_id, reader_id`),
  );
  const patientIds = [...new Set(due.map((row) => Number(row.patient_id)))];
  if (patientIds.length === 0) return 0;
  const accounts = rowsOf<{ id: number; patient_id: number }>(
    await tx.execute(sql`
    select p.id, p.patient_id from ${users} p join ${notificationPreferences} np on np.user_id = p.id
    where p.patient_id in (${sql.join(
      patientIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and p.user_type = 'PAT' and p.enabled and np.access_alerts <> 'OFF'`),
  );
  const notices = due.flatMap((pair) =>
    accounts
      .filter((account) => Number(account.patient_id) === Number(pair.patient_id))
      .map((account) => ({
        userId: Number(account.id),
        event: 'ACCESS_ALERT',
        link: `${ALERT_LINK_PREFIX}${pair.patient_id}`,
        createdAt: range.now,
        dueAt: range.now,
      })),
  );
  if (notices.length > 0) await tx.insert(notificationOutbox).values(notices);
  return notices.length;
}
