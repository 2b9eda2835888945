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
import { withTimeout } from '../time-limit';
import { withMigrationLock } from './migration-lock';
import { type ChannelListener, listenOnPostgres } from './notifications';
import { yieldBeforeEachStatement } from './pglite-turns';
import { createPostgresPool } from './postgres-pool';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: the routes never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections (absent on PGlite: one embedded connection), for the metrics. */
  poolStats?: () => PoolStats;
  /**
   * Listens to `pg_notify(liveChannel(current_schema()), …)` from any process on this database; resolves to
   * the function that stops listening.
   */
  listen(listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/**
 * The live events' NOTIFY channel: one per schema, so the isolated schemas of parallel tests on one
 * PostgreSQL never hear each other. SQL side: `'live_' || current_schema()`.
 */
export const liveChannel = (schemaName: string): string => `live_${schemaName}`;

/** How long /readyz waits for the database's answer before it says "not ready". */
const PING_TIMEOUT_MS = 1000;

/** The extensions every embedded database is opened with (the backup script opens it the same way). */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the committed migrations.
 * `location`: a PostgreSQL URL, a folder for a persisted PGlite, or `memory://` for tests.
 */
export async function openDatabase(
  location: string,
  options: {
    /** PostgreSQL only: a schema of its own, so parallel test files never share tables. */ isolatedSchema?: string;
    /** With isolatedSchema: close leaves the schema (a second handle on it, as a second server process). */
    keepSchema?: boolean;
    /** PostgreSQL only: a connection broke (the database restarted or went away); the pool replaces it. */
    onConnectionError?: (error: Error) => void;
    /**
     * `memory://` only: start from this dump of an embedded database (`dumpDataDir`) instead of an empty
     * cluster; the migrations still run and apply what the dump lacks. Tests start from a migrated one.
     */
    pgliteDataDir?: Blob;
  } = {},
): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const isolated = options.isolatedSchema;
    if (isolated !== undefined && !/^[a-z_][a-z0-9_]*$/.test(isolated))
      throw new Error('invalid schema name');
    const pool = createPostgresPool(location, {
      ...(isolated ? { isolatedSchema: isolated } : {}),
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
    });
    if (isolated) await pool.query(`create schema if not exists ${isolated}`);
    const db = drizzleNodePg(pool, { schema });
    // Processes started together take turns: each finds the tables the first one made.
    await withMigrationLock(location, isolated ?? 'public', () =>
      migrateNodePg(db, { migrationsFolder, ...(isolated ? { migrationsSchema: isolated } : {}) }),
    );
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      // Bounded: a probe that hangs on a full pool or a vanished host would say nothing to the orchestrator.
      ping: async () => {
        await withTimeout(pool.query('select 1'), PING_TIMEOUT_MS);
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      listen: (listener) => listenOnPostgres(location, liveChannel(isolated ?? 'public'), listener),
      close: async () => {
        if (isolated && !options.keepSchema) await pool.query(`drop schema if exists ${isolated} cascade`);
        await pool.end();
      },
    };
  }
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = yieldBeforeEachStatement(
    await PGlite.create(location === 'memory://' ? undefined : location, {
      extensions: pgliteExtensions,
      ...(location === 'memory://' && options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {}),
    }),
  );
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns an embedded database: its own notifications are all there is (never a resync).
    listen: async (listener) => {
      const stop = await client.listen(liveChannel('public'), (payload) => listener.onPayload(payload));
      return () => stop();
    },
    close: () => client.close(),
  };
}
