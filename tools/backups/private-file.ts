import {
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { BackupError } from './target';

/**
 * Writes a backup so that only its owner can ever read it (it holds health data): a `.partial` file
 * created with mode 0600 (no moment where it is readable by others), renamed to its name once complete,
 * so a failed backup never leaves a file that looks whole. A folder it creates gets mode 0700.
 */
export async function writePrivately(file: string, write: (fd: number) => Promise<void>): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name.`);
  const folder = path.dirname(file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  let fd: number;
  try {
    fd = openSync(partial, 'wx', 0o600);
  } catch (error) {
    throw new BackupError(`cannot create ${partial}: ${(error as Error).message}`);
  }
  try {
    // The mode given to open is narrowed by the umask, never widened; set it exactly.
    fchmodSync(fd, 0o600);
    await write(fd);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(partial, { force: true });
    throw error;
  }
}
