import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * The advisory lock's key for one schema: processes on the same schema wait for each other, while the
 * isolated schemas of parallel tests on one PostgreSQL never do. 64 bits of a SHA-256, as a signed bigint.
 */
export function migrationLockKey(schemaName: string): string {
  return createHash('sha256')
    .update(`patient-dossier-portal:migrations:${schemaName}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

/**
 * Runs `work` while this process holds the schema's migration lock, so processes started together
 * migrate and seed one after the other instead of racing on `CREATE TABLE`. The lock is session-level,
 * on a connection of its own: drizzle's migrator runs in its own transaction on the pool, and a process
 * that dies while holding the lock releases it with its connection.
 * `location` other than a PostgreSQL URL (PGlite, which one process owns): `work` runs at once.
 */
export async function withMigrationLock<T>(
  location: string | null,
  schemaName: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!location || !/^postgres(ql)?:\/\//.test(location)) return work();
  const client = new pg.Client({ connectionString: location });
  // A connection lost while waiting or working ends with an error of the query, not of the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [migrationLockKey(schemaName)]);
    return await work();
  } finally {
    // Closing the session releases the lock too: one step for both the ordinary and the failed case.
    await client.end().catch(() => undefined);
  }
}
