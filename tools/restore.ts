/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the database the server
 * uses (DATABASE_URL, else PGlite under DATA_DIR). It refuses a database that is not empty unless --force
 * is given, and then replaces it whole. Stop the server first.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCommand, seconds } from './backups/cli';
import { restorePglite } from './backups/pglite';
import { restorePostgres } from './backups/postgres';
import { BackupError, backupKindOf, configuredTarget, describeTarget } from './backups/target';

const usage = 'Usage: npm run restore -- FILE [--force]   (--force replaces a database that is not empty)';

function firstBytes(file: string): Uint8Array {
  const bytes = new Uint8Array(8);
  try {
    const fd = openSync(file, 'r');
    readSync(fd, bytes, 0, bytes.length, 0);
    closeSync(fd);
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return bytes;
}

await runCommand('Restore', async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const file = positionals[0];
  if (values.help || file === undefined || positionals.length > 1) {
    process.stdout.write(`${usage}\n`);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const target = configuredTarget();
  const kind = backupKindOf(firstBytes(file));
  if (kind === null) throw new BackupError(`${file} is not a backup made by npm run backup.`);
  if (kind !== target.kind)
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`
        : `${file} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to restore it.`,
    );
  const force = values.force ?? false;
  const started = performance.now();
  const summary =
    target.kind === 'postgres'
      ? await restorePostgres(target.url, file, force)
      : await restorePglite(target.dataDir, file, force);
  process.stdout.write(
    `Restored ${file} into ${describeTarget(target)} in ${seconds(started)}: ${summary.patients} patients, ` +
      `${summary.documents} documents, ${summary.signedDocuments} signed documents.\n`,
  );
});
