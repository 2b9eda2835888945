import { gunzipSync } from 'node:zlib';
import { BackupError } from './target';

/**
 * Reads a PGlite backup whole before anything is changed: the gzip must be complete and the tar must
 * hold a PostgreSQL data folder (its PG_VERSION file). PGlite's own loader reports a damaged file with
 * an empty error, after the fact. Returns the PostgreSQL major version the folder was written by.
 */
export function checkPgliteTarball(file: string, bytes: Uint8Array): string {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new BackupError(`${file} is damaged (${(error as Error).message}): nothing was changed.`);
  }
  // A ustar header every 512 bytes: the name in its first 100, the size (octal) at 124.
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = tar.toString('latin1', offset, offset + 100).replace(/\0.*$/s, '');
    if (name === '') break;
    const size =
      Number.parseInt(tar.toString('latin1', offset + 124, offset + 136).replace(/\0.*$/s, ''), 8) || 0;
    if (name.replace(/^\.?\//, '') === 'PG_VERSION')
      return tar.toString('latin1', offset + 512, offset + 512 + size).trim();
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new BackupError(`${file} holds no PGlite data folder (no PG_VERSION): nothing was changed.`);
}
