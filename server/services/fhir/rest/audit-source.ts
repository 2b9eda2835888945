import { and, desc, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../../db/schema';
import { visibleTo } from '../../history';
import { auditEventOf } from '../audit-events';
import { restEntry } from '../systems';
import { type Source, totalOver, withLastUpdated } from './source';

/**
 * The treatment history as AuditEvent, for the patient alone (and the apps they allow): the rows the
 * history shows them (history.ts `visibleTo`, their own reads of it left out), their own accesses and
 * their apps' included, newest first.
 */
export const auditEventSource: Source = {
  idPrefix: '',
  selfOnly: true,
  dates: { date: sql`${auditLog.at}`, _lastUpdated: sql`${auditLog.at}` },
  tokens: {},
  idIs: (id) => eq(auditLog.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: auditLog.patientId })
      .from(auditLog)
      .where(eq(auditLog.id, id))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const rows = await context.db
      .select({ row: auditLog, total: totalOver })
      .from(auditLog)
      .where(and(visibleTo(context.user, context.patientId), ...where))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
    const found = rows.map(({ row }) => ({
      resource: withLastUpdated(auditEventOf(row, restEntry('AuditEvent', row.id), context.mapping), row.at),
      sortAt: row.at,
    }));
    return { found, total: rows[0]?.total ?? 0 };
  },
};
