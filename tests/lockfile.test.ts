import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmCiDryRun, readLockfile, unlockedDependencies } from '../tools/lockfile';

/** The committed lockfile installs with `npm ci` on a clean machine, of this platform or another. */
const scratch = mkdtempSync(path.join(tmpdir(), 'lockfile-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('package-lock.json', () => {
  it("holds every platform's build of every optional native package", () => {
    expect(unlockedDependencies(readLockfile('.'))).toEqual([]);
  });

  it('passes npm ci --dry-run offline with an empty cache', async () => {
    const dryRun = await npmCiDryRun('.');
    expect(dryRun.output).toBe('');
    expect(dryRun.ok).toBe(true);
  }, 60_000);

  it("is refused by both checks when one platform's build is missing", async () => {
    const lock = readLockfile('.');
    delete lock.packages['node_modules/@rollup/rollup-android-arm64'];
    copyFileSync('package.json', path.join(scratch, 'package.json'));
    writeFileSync(path.join(scratch, 'package-lock.json'), JSON.stringify(lock));
    expect(unlockedDependencies(lock)).toEqual(['node_modules/rollup → @rollup/rollup-android-arm64']);
    const dryRun = await npmCiDryRun(scratch);
    expect(dryRun.ok).toBe(false);
    expect(dryRun.output).toContain('@rollup/rollup-android-arm64');
  }, 60_000);
});
