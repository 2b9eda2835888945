import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { yieldBeforeEachStatement } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the routes never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the committed migrations.
 * `location`: a PostgreSQL URL, a folder for a persisted PGlite, or `memory://` for tests.
 */
export async function openDatabase(
  location: string,
  options: {
    /** PostgreSQL only: a schema of its own, so parallel test files never share tables. */ isolatedSchema?: string;
  } = {},
): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const isolated = options.isolatedSchema;
    if (isolated !== undefined && !/^[a-z_][a-z0-9_]*$/.test(isolated))
      throw new Error('invalid schema name');
    const pool = new pg.Pool({
      connectionString: location,
      max: 10,
      ...(isolated ? { options: `-c search_path=${isolated}` } : {}),
    });
    if (isolated) await pool.query(`create schema if not exists ${isolated}`);
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder, ...(isolated ? { migrationsSchema: isolated } : {}) });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        if (isolated) await pool.query(`drop schema if exists ${isolated} cascade`);
        await pool.end();
      },
    };
  }
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = yieldBeforeEachStatement(
    await PGlite.create(location === 'memory://' ? undefined : location, { extensions: { pg_trgm } }),
  );
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
