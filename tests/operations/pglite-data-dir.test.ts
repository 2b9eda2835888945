import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/data-dir-lock';
import { type PortalProcess, spawnPortal } from './support/portal-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const folders: string[] = [];
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
  folders.push(made);
  return made;
}

/** The process's exit code and its stderr, which must be one line and no stack trace. */
async function refusal(portal: PortalProcess): Promise<{ code: number | null; line: string }> {
  const code = await portal.exited;
  const lines = portal.stderr().trim().split('\n');
  expect(lines, portal.stderr()).toHaveLength(1);
  expect(portal.lines.some((line) => line.message === 'portal listening')).toBe(false);
  return { code, line: lines[0] ?? '' };
}

const onPglite = (dataDir: string) =>
  spawnPortal({ DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' });

describe('a PGlite DATA_DIR that cannot be used', () => {
  afterAll(() => {
    for (const each of folders) rmSync(each, { recursive: true, force: true });
  });

  // A real database, migrated by the first test's first process; the last test damages it.
  const dataDir = folder();

  it('stops a second process on the same folder with one line and exit code 1; the first goes on', async () => {
    const first = await onPglite(dataDir);
    try {
      // The lock is taken before PGlite opens the folder: the second starts while the first migrates.
      while (!existsSync(path.join(dataDir, LOCK_FILE)) && first.child.exitCode === null) await sleep(100);
      const second = await onPglite(dataDir);
      const { code, line } = await refusal(second);
      await first.ready();
      expect(code).toBe(1);
      expect(line).toMatch(/^Cannot start: DATA_DIR .+ is in use by another server process \(pid \d+\)/);
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 150_000);

  it('stops on a damaged folder with one line and exit code 1, not a stack trace', async () => {
    const garbage = folder();
    writeFileSync(path.join(garbage, 'PG_VERSION'), Buffer.from('\x00\xffnot a version\x13'));
    writeFileSync(path.join(garbage, 'pg_control'), Buffer.alloc(4096, 0xa5));
    const { code, line } = await refusal(await onPglite(garbage));
    expect(code).toBe(1);
    expect(line).toMatch(/^Cannot start: DATA_DIR .+ holds a damaged or unreadable database/);
  }, 120_000);

  it('stops on a database whose catalogue files were overwritten', async () => {
    const global = path.join(dataDir, 'global');
    for (const name of readdirSync(global)) {
      const file = path.join(global, name);
      if (statSync(file).isFile()) writeFileSync(file, Buffer.alloc(8192, 0x5a));
    }
    const { code, line } = await refusal(await onPglite(dataDir));
    expect(code).toBe(1);
    expect(line).toMatch(/^Cannot start: DATA_DIR .+ holds a damaged or unreadable database/);
  }, 120_000);
});
