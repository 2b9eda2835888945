import { spawn } from 'node:child_process';
import pg from 'pg';
import { writePrivately } from './private-file';
import { finished, libpqConnection, majorVersion, output, pgProgram } from './processes';
import { BackupError, type RestoreSummary, summarySql } from './target';

/** Schemas of the database's own (not PostgreSQL's): what a backup holds and `--force` replaces. */
const userSchemasSql = `select nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%'
    and nspname not like 'pg\\_temp%'`;

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the database: ${(error as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.server_version_num) / 10_000);
}

/** pg_dump refuses a server newer than itself: say which client tools to use instead. */
async function checkClientVersion(program: string, server: number): Promise<void> {
  const client = majorVersion(await output(program, ['--version']));
  if (client !== null && client < server)
    throw new BackupError(
      `${program} is version ${client}, the server ${server}: install the version ${server} client tools ` +
        `(Debian: postgresql-client-${server}) and set PG_BIN=/usr/lib/postgresql/${server}/bin.`,
    );
}

/** `pg_dump -Fc` (custom format: compressed, restored selectively by pg_restore) into a 0600 file. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = libpqConnection(databaseUrl);
  await checkClientVersion(pgProgram('pg_dump'), await withClient(databaseUrl, serverMajor));
  await writePrivately(file, async (fd) => {
    const dump = spawn(pgProgram('pg_dump'), ['--format=custom', '--dbname', url], {
      env,
      stdio: ['ignore', fd, 'pipe'],
    });
    const { code, stderr } = await finished(dump, 'pg_dump');
    if (code !== 0) throw new BackupError(`pg_dump failed: ${stderr || `exit code ${code}`}`);
  });
}

/** What `pg_restore --list` says of an archive; it fails on anything that is not one it can read. */
async function archiveHeader(file: string): Promise<{ dumpedFrom: number | null }> {
  const listing = await output(pgProgram('pg_restore'), ['--list', file]).catch((error: Error) => {
    throw new BackupError(`${file} is not a pg_dump archive this pg_restore can read (${error.message}).`);
  });
  const from = listing.match(/Dumped from database version: (.+)/)?.[1];
  return { dumpedFrom: from ? majorVersion(from) : null };
}

/** The database's own schemas, how many relations they hold, and the server's major version. */
async function databaseContents(
  databaseUrl: string,
): Promise<{ schemas: string[]; relations: number; server: number }> {
  return withClient(databaseUrl, async (client) => {
    const schemas = await client.query<{ nspname: string }>(userSchemasSql);
    const relations = await client.query<{ count: string }>(
      `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in (${userSchemasSql})`,
    );
    return {
      schemas: schemas.rows.map((row) => row.nspname),
      relations: Number(relations.rows[0]?.count),
      server: await serverMajor(client),
    };
  });
}

/**
 * pg_restore's script of the archive, after `prelude`, run by psql as one transaction that stops at the
 * first error. psql commits at the end of its input, so its input is closed only after pg_restore
 * succeeded; if pg_restore fails, psql is killed and PostgreSQL rolls the transaction back; if psql
 * stops at an error, pg_restore is stopped.
 */
async function runInOneTransaction(databaseUrl: string, file: string, prelude: string): Promise<void> {
  const { url, env } = libpqConnection(databaseUrl);
  const psql = spawn(
    pgProgram('psql'),
    ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '--dbname', url],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const restore = spawn(pgProgram('pg_restore'), ['--no-owner', '--no-acl', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const restoreDone = finished(restore, 'pg_restore');
  // psql stopped at an error: pg_restore would wait forever on a pipe nobody reads.
  let psqlStopped = false;
  const psqlDone = finished(psql, 'psql').finally(() => {
    psqlStopped = true;
    if (restore.exitCode === null) restore.kill('SIGTERM');
  });
  psqlDone.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled
  psql.stdin?.on('error', () => undefined); // psql stopped early: its own exit code says why
  psql.stdin?.write(prelude);
  restore.stdout?.pipe(psql.stdin as NodeJS.WritableStream, { end: false });
  const restored = await restoreDone;
  if (restored.code !== 0 && !psqlStopped) {
    psql.kill('SIGKILL');
    await psqlDone.catch(() => undefined);
    throw new BackupError(
      `pg_restore failed, nothing was changed: ${restored.stderr || `exit code ${restored.code}`}`,
    );
  }
  psql.stdin?.end();
  const applied = await psqlDone;
  if (applied.code !== 0)
    throw new BackupError(
      `the restore failed and was rolled back: ${applied.stderr || `psql exit code ${applied.code}`}`,
    );
}

/**
 * Restores a `pg_dump -Fc` archive into DATABASE_URL in one transaction, so a failed restore changes
 * nothing. With `force` the same transaction first drops the database's own schemas, so the result is
 * the backup exactly (no table of a later version left beside it). Owners and grants are not restored:
 * everything belongs to the user of DATABASE_URL, the one the server connects as.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  force: boolean,
): Promise<RestoreSummary> {
  const { dumpedFrom } = await archiveHeader(file);
  const { schemas, relations, server } = await databaseContents(databaseUrl);
  if (relations > 0 && !force)
    throw new BackupError(
      `the database is not empty (${relations} tables, indexes or sequences): restore into an empty database, or add --force to replace its contents with the backup.`,
    );
  if (dumpedFrom !== null && dumpedFrom > server)
    process.stderr.write(
      `Warning: the backup comes from PostgreSQL ${dumpedFrom}, the server is ${server}.\n`,
    );
  const wipe = schemas.map((schema) => `drop schema if exists ${pg.escapeIdentifier(schema)} cascade;\n`);
  await runInOneTransaction(
    databaseUrl,
    file,
    `set client_min_messages = warning;\n${force ? `${wipe.join('')}create schema if not exists public;\n` : ''}`,
  );
  return withClient(
    databaseUrl,
    async (client) => (await client.query<RestoreSummary>(summarySql)).rows[0] as RestoreSummary,
  );
}
