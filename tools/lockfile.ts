/**
 * Whether package-lock.json is one `npm ci` accepts on any machine (tools/check-lockfile.ts,
 * tests/lockfile.test.ts). npm ci rebuilds the tree for every platform from package.json and stops at the
 * first package the lockfile lacks ("Missing: @rollup/rollup-android-arm-eabi@… from lock file"): our
 * first lockfiles held only the linux builds of rollup and biome.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface LockedPackage {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface Lockfile {
  packages: Record<string, LockedPackage>;
}

export function readLockfile(root: string): Lockfile {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lockfile;
}

/** Where Node's lookup from the package at `from` finds `name` in the lockfile, or null. */
function resolveIn(packages: Lockfile['packages'], from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * Every dependency the lockfile names but does not hold, whatever the platform: "rollup → @rollup/…".
 * Optional ones count too, because npm ci records (and checks) every platform's build.
 */
export function unlockedDependencies(lock: Lockfile): string[] {
  const missing: string[] = [];
  for (const [location, locked] of Object.entries(lock.packages)) {
    const peers = Object.keys(locked.peerDependencies ?? {}).filter(
      (name) => !locked.peerDependenciesMeta?.[name]?.optional,
    );
    const names = [
      ...Object.keys(locked.dependencies ?? {}),
      ...Object.keys(locked.optionalDependencies ?? {}),
      ...(location === '' ? Object.keys(locked.devDependencies ?? {}) : peers),
    ];
    for (const name of new Set(names)) {
      if (!resolveIn(lock.packages, location, name)) missing.push(`${location || '(root)'} → ${name}`);
    }
  }
  return missing;
}

export interface DryRun {
  ok: boolean;
  output: string;
}

/**
 * `npm ci --dry-run` on a copy of package.json and the lockfile, offline with an empty cache: it passes
 * only if the lockfile alone answers every question npm ci asks, and it never touches node_modules.
 */
export async function npmCiDryRun(root: string): Promise<DryRun> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'lockfile-check-'));
  try {
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(root, file), path.join(scratch, file));
    const args = ['ci', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'];
    return await new Promise((resolve, reject) => {
      const child = spawn('npm', [...args, '--cache', path.join(scratch, 'cache')], {
        cwd: scratch,
        env: { ...process.env, npm_config_loglevel: 'error' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // stdout is the dry run's list of what it would add; the errors are on stderr.
      child.stdout.resume();
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
