import { and, eq, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instantPlaceholder, preparedOnce } from '../../db/prepared';
import { documents } from '../../db/schema';
import { type AuditedStatement, auditRowCte } from '../access/audited-statement';

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
    .set(SETTLED)
    .where(
      and(
        scope,
        sql`${documents.status} = 'RESTORING'`,
        lte(documents.restoreRequestedAt, new Date(now.getTime() - RESTORE_DURATION_MS)),
      ),
    );
}

/** A dossier's restores requested at or before `due` (a value or a placeholder). */
const dueRestores = (patientId: number | SQLWrapper, due: Date | SQL): SQL =>
  and(
    eq(documents.patientId, patientId),
    sql`${documents.status} = 'RESTORING'`,
    lte(documents.restoreRequestedAt, due),
  ) as SQL;

const SETTLED = { status: 'ONLINE', restoreRequestedAt: null } as const;

/** The settling of a dossier's finished restores, as a CTE beside the audit row's (the document list). */
export const settleDossierCte = (db: Database, patientId: SQLWrapper, due: SQL) =>
  db.$with('settled', {}).as(db.update(documents).set(SETTLED).where(dueRestores(patientId, due)).getSQL());

/** A row's status as settleDossierCte leaves it: a select in the same statement sees the row as it was. */
export const settledStatus = (due: SQL): SQL<string> =>
  sql<string>`case when ${documents.status} = 'RESTORING' and ${documents.restoreRequestedAt} <= ${due}
    then 'ONLINE' else ${documents.status} end`;

/** settleRestores of a whole dossier with the audit row, prepared once (a filtered or a guest's list). */
const settleDossierWithAudit = (db: Database) =>
  preparedOnce(db, 'document_list_audit_settle', (name) =>
    db
      .with(auditRowCte(db))
      .update(documents)
      .set(SETTLED)
      .where(dueRestores(sql.placeholder('patientId'), instantPlaceholder('due')))
      .prepare(name),
  );

/** The latest restore request a read at `now` settles. */
export const restoresDueAt = (now: Date): string =>
  new Date(now.getTime() - RESTORE_DURATION_MS).toISOString();

/** The patient's finished restores settled in the statement that writes the audit row; nothing to read. */
export const settleDossierRestores = (patientId: number, now: Date): AuditedStatement<null> => ({
  statement: (db) => ({
    execute: async (values) => {
      await settleDossierWithAudit(db).execute(values);
      return null;
    },
  }),
  values: { patientId, due: restoresDueAt(now) },
});

/** OFFLINE → RESTORING; any other state is left as it is (ERROR stays ERROR, a restore is not restarted). */
export async function requestRestore(db: Database, documentId: number, now: Date): Promise<void> {
  await db
    .update(documents)
    .set({ status: 'RESTORING', restoreRequestedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.status, 'OFFLINE')));
}
