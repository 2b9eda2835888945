/**
 * `npm run lockfile:check` (and tools/lockfile-refresh.sh): fails when package-lock.json is not one that
 * `npm ci` accepts on a clean machine of any platform. The checks are in tools/lockfile.ts.
 */
import path from 'node:path';
import { npmCiDryRun, readLockfile, unlockedDependencies } from './lockfile';

const root = path.resolve(import.meta.dirname, '..', process.argv[2] ?? '.');
const unlocked = unlockedDependencies(readLockfile(root));
for (const dependency of unlocked) console.error(`not in the lockfile: ${dependency}`);
const dryRun = await npmCiDryRun(root);
if (!dryRun.ok) console.error(`npm ci --dry-run --offline failed:\n${dryRun.output.trim()}`);
if (unlocked.length > 0 || !dryRun.ok) {
  console.error(
    '\npackage-lock.json is not ready for npm ci: run tools/lockfile-refresh.sh (docs/decisions.md).',
  );
  process.exit(1);
}
console.log('lockfile: every platform locked, npm ci --dry-run passes offline');
