import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPgliteTarball } from '../../tools/backups/pglite-tarball';
import { writePrivately } from '../../tools/backups/private-file';
import { libpqConnection } from '../../tools/backups/processes';
import { replaceFolder } from '../../tools/backups/replace-folder';
import { BackupError, backupKindOf, defaultBackupFile } from '../../tools/backups/target';

/** The pieces of `npm run backup`/`restore` that the end-to-end test (backup-restore.test.ts) cannot reach. */
const folder = mkdtempSync(path.join(tmpdir(), 'backup-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('backup files', () => {
  it('are written 0600 under a partial name, never over another file, and leave nothing when they fail', async () => {
    const file = path.join(folder, 'new', 'one.dump');
    await writePrivately(file, async (fd) => {
      writeFileSync(fd, 'data');
      expect(existsSync(file)).toBe(false);
      expect(statSync(`${file}.partial`).mode & 0o777).toBe(0o600);
    });
    expect(readFileSync(file, 'utf8')).toBe('data');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    await expect(writePrivately(file, async () => undefined)).rejects.toThrow(/already exists/);
    const failing = path.join(folder, 'new', 'two.dump');
    await expect(
      writePrivately(failing, async () => {
        throw new BackupError('pg_dump failed');
      }),
    ).rejects.toThrow('pg_dump failed');
    expect(readdirSync(path.dirname(file))).toEqual(['one.dump']);
  });

  it('are named by kind and UTC time, and told apart by their first bytes', () => {
    const at = new Date('2026-11-27T17:25:03.120Z');
    expect(defaultBackupFile({ kind: 'postgres', url: 'postgres://x/db' }, at)).toBe(
      path.join('backups', 'dossier-postgres-20261127T172503Z.dump'),
    );
    expect(defaultBackupFile({ kind: 'pglite', dataDir: '/d' }, at)).toBe(
      path.join('backups', 'dossier-pglite-20261127T172503Z.tar.gz'),
    );
    expect(backupKindOf(Buffer.from('PGDMP\x01\x0e\x00'))).toBe('postgres');
    expect(backupKindOf(gzipSync('x'))).toBe('pglite');
    expect(backupKindOf(Buffer.from('root:x:0:0'))).toBeNull();
  });

  it('never put the database password on a command line', () => {
    const { url, env } = libpqConnection(
      'postgres://portal:s%40cret@db.example:5432/dossier?sslmode=require',
    );
    expect(url).toBe('postgres://portal@db.example:5432/dossier?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(libpqConnection('postgres://postgres@127.0.0.1/test').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

describe('a PGlite backup', () => {
  const tarball = (files: Record<string, string>): Buffer => {
    const source = mkdtempSync(path.join(folder, 'tar-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(source, name), text);
    return execFileSync('tar', ['-czf', '-', '-C', source, ...Object.keys(files)]);
  };

  it('is read whole before anything changes: a truncated file or one without a data folder is refused', () => {
    const good = tarball({ PG_VERSION: '18\n', 'postgresql.conf': '' });
    expect(checkPgliteTarball('good.tar.gz', good)).toBe('18');
    expect(() => checkPgliteTarball('cut.tar.gz', good.subarray(0, good.length - 20))).toThrow(
      /cut\.tar\.gz is damaged .*nothing was changed/,
    );
    expect(() => checkPgliteTarball('other.tar.gz', tarball({ 'notes.txt': 'x' }))).toThrow(/no PG_VERSION/);
  });

  it('replaces the data folder only as a whole', () => {
    const target = path.join(folder, 'data');
    const staging = path.join(folder, 'data.restoring-1');
    mkdirSync(target);
    writeFileSync(path.join(target, 'old'), 'old');
    mkdirSync(staging);
    writeFileSync(path.join(staging, 'PG_VERSION'), '18');
    replaceFolder(target, staging, '1');
    expect(readdirSync(target)).toEqual(['PG_VERSION']);
    expect(readdirSync(folder).filter((name) => name.startsWith('data'))).toEqual(['data']);
  });
});
