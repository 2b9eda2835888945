import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/**
 * Inserts many rows with one JSON parameter per statement, as `seedScale` inserts patients: a bound
 * parameter per value makes PGlite take seconds for the demo's 15,000 lab results, this a fraction of that.
 * The serial `id` is left to the database; dates travel as ISO strings.
 */
export async function insertAsJson<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'id');
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '));
  for (let start = 0; start < rows.length; start += 5000) {
    const records = rows
      .slice(start, start + 5000)
      .map((row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null]),
        ),
      );
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})`,
    );
  }
}
