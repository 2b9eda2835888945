/**
 * The audit row written in the same statement as what an access does first (a write, the read itself):
 * the hottest path (the document list) in one round trip. The area builds the statement with the row's
 * CTE; only the gate runs it (authorizeCallerAccess), with the row's values, so the gate stays the one
 * writer of the trail.
 */
import type { Database } from '../../db/client';
import { type AuditEntry, auditInsertPlaceholders, auditValues } from '../audit';

/**
 * The audit row as a data-modifying CTE, to put in the WITH of a write (`db.with(auditRowCte(db)).update…`):
 * PostgreSQL runs it whether or not the statement reads it, in the same statement, so both happen or
 * neither. The write cannot see the audit row.
 */
export const auditRowCte = (db: Database) =>
  db.$with('audit_row', {}).as(auditInsertPlaceholders(db).getSQL());

/** A statement that writes the audit row (in its WITH: auditRowCte), usually prepared once per handle. */
export interface AuditedStatement<T> {
  statement: (db: Database) => { execute(values: Record<string, unknown>): Promise<T> };
  /** Its own placeholders' values (the audit row's come from the entry). */
  values: Record<string, unknown>;
}

/** Runs the statement with the audit row's values: for the gate only. Its result. */
export function recordAccessWith<T>(
  db: Database,
  entry: AuditEntry,
  audited: AuditedStatement<T>,
): Promise<T> {
  return audited.statement(db).execute({ ...auditValues(entry), ...audited.values });
}
