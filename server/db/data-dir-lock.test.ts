import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

describe('the DATA_DIR lock', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lock-'));
  const lockFile = path.join(dataDir, LOCK_FILE);
  afterEach(() => rmSync(lockFile, { force: true }));

  it('is taken, refused to another holder while it lives, and released', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // The parent of this process stands for another live server.
    writeFileSync(lockFile, `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that died (kill -9, a crash) or by this pid before a restart', () => {
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    writeFileSync(lockFile, `${gone}\n`);
    lockDataDir(dataDir)();
    writeFileSync(lockFile, `${process.pid}\n`);
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    release();
    writeFileSync(lockFile, 'garbage');
    lockDataDir(dataDir)();
    expect(existsSync(lockFile)).toBe(false);
  });
});
