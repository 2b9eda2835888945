import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Puts `staging` in `target`'s place and deletes what `target` held. Two renames where it can (the
 * folder is never half written); where `target` is a mount point (a container's volume: EBUSY) or on
 * another file system (EXDEV), its contents are replaced instead.
 */
export function replaceFolder(target: string, staging: string, stamp: string): void {
  const old = `${target}.replaced-${stamp}`;
  try {
    if (existsSync(target)) renameSync(target, old);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EBUSY' && code !== 'EXDEV' && code !== 'EPERM') throw error;
    for (const name of readdirSync(target)) rmSync(path.join(target, name), { recursive: true, force: true });
    cpSync(staging, target, { recursive: true });
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  renameSync(staging, target);
  rmSync(old, { recursive: true, force: true });
}
