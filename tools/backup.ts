/**
 * `npm run backup [-- FILE]`: backs up the database the server uses (DATABASE_URL, else PGlite under
 * DATA_DIR) into FILE, by default backups/dossier-<kind>-<UTC time>.<dump|tar.gz>. The file is created
 * with mode 0600: it holds health data.
 */
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCommand, seconds } from './backups/cli';
import { backupPglite } from './backups/pglite';
import { backupPostgres } from './backups/postgres';
import { configuredTarget, defaultBackupFile, describeTarget, formatBytes } from './backups/target';

const usage = 'Usage: npm run backup [-- FILE]   (DATABASE_URL: PostgreSQL; otherwise PGlite in DATA_DIR)';

await runCommand('Backup', async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length > 1) {
    process.stdout.write(`${usage}\n`);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const target = configuredTarget();
  const file = positionals[0] ?? defaultBackupFile(target);
  const started = performance.now();
  if (target.kind === 'postgres') await backupPostgres(target.url, file);
  else await backupPglite(target.dataDir, file);
  process.stdout.write(
    `Backed up ${describeTarget(target)} to ${file} (${formatBytes(statSync(file).size)}, ${seconds(started)}).\n` +
      'It holds health data: the file is readable by its owner only (mode 0600); keep copies encrypted and off this machine.\n',
  );
});
