import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instantPlaceholder, preparedOnce } from '../../db/prepared';
import { documents } from '../../db/schema';
import { type AuditedWrite, auditRowCte } from '../audit';

/** The archive takes this long to bring an offline document back (the demo's stand-in for a real restore). */
export const RESTORE_DURATION_MS = 20_000;

/**
 * Restores finish lazily: whoever reads first after the delay persists ONLINE. Restores requested through
 * the portal carry their request time; seeded RESTORING rows have none and stay in progress, so the demo
 * always shows that state. The status is a literal, not a parameter, so the partial index
 * `documents_restoring_due_idx` (status = 'RESTORING', keyed by patient and request time) applies to every
 * plan, cached ones included.
 */
export async function settleRestores(db: Database, scope: SQL, now: Date): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'ONLINE', restoreRequestedAt: null })
    .where(
      and(
        scope,
        sql`${documents.status} = 'RESTORING'`,
        lte(documents.restoreRequestedAt, new Date(now.getTime() - RESTORE_DURATION_MS)),
      ),
    );
}

/** settleRestores of a whole dossier with the audit row, prepared once (it runs on every document list). */
const settleDossierWithAudit = (db: Database) =>
  preparedOnce(db, 'document_list_audit_settle', (name) =>
    db
      .with(auditRowCte(db))
      .update(documents)
      .set({ status: 'ONLINE', restoreRequestedAt: null })
      .where(
        and(
          eq(documents.patientId, sql.placeholder('patientId')),
          sql`${documents.status} = 'RESTORING'`,
          lte(documents.restoreRequestedAt, instantPlaceholder('due')),
        ),
      )
      .prepare(name),
  );

/** The patient's finished restores settled in the statement that writes the audit row (recordAccessWith). */
export const settleDossierRestores = (patientId: number, now: Date): AuditedWrite => ({
  statement: settleDossierWithAudit,
  values: { patientId, due: new Date(now.getTime() - RESTORE_DURATION_MS).toISOString() },
});

/** OFFLINE → RESTORING; any other state is left as it is (ERROR stays ERROR, a restore is not restarted). */
export async function requestRestore(db: Database, documentId: number, now: Date): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'RESTORING', restoreRequestedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'OFFLINE')));
}
