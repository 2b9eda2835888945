import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../server/db/client';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';
import { checkPgliteTarball } from './pglite-tarball';
import { writePrivately } from './private-file';
import { replaceFolder } from './replace-folder';
import { BackupError, type RestoreSummary, summarySql } from './target';

/**
 * Takes DATA_DIR as the server does (its `portal.lock`, see data-dir-lock.ts): a running server refuses
 * the backup, and no server starts while it runs. A lock left by a crashed server is taken over.
 */
function takeDataDir(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `${dataDir} is open in the server process ${error.holderPid}: stop the server first.`,
      );
    throw error;
  }
}

/**
 * PGlite's own dump of its data folder (`dumpDataDir`, a gzipped tarball of PGDATA): the whole cluster
 * as PostgreSQL keeps it, loaded back by `loadDataDir`. The server must be stopped: the folder has one
 * owner at a time.
 */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(
      `there is no database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
    );
  const release = takeDataDir(dataDir);
  try {
    const database = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    try {
      const tarball = new Uint8Array(await (await database.dumpDataDir('gzip')).arrayBuffer());
      await writePrivately(file, async (fd) => {
        for (let at = 0; at < tarball.length; ) at += writeSync(fd, tarball, at);
      });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads the tarball into a new folder beside DATA_DIR, opens it and reads it, and only then puts it in
 * DATA_DIR's place (a rename on the same file system): a damaged backup leaves DATA_DIR as it was.
 */
export async function restorePglite(dataDir: string, file: string, force: boolean): Promise<RestoreSummary> {
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !force)
    throw new BackupError(
      `${dataDir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it with the backup.`,
    );
  // Never under a running server; the old folder, lock included, leaves with the swap below.
  if (occupied) takeDataDir(dataDir);
  const tarball = readFileSync(file);
  const version = checkPgliteTarball(file, tarball);
  const stamp = Date.now().toString(36);
  const staging = `${dataDir}.restoring-${stamp}`;
  let summary: RestoreSummary;
  try {
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    const database = await PGlite.create(staging, {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([tarball]),
    }).catch((error: Error) => {
      throw new BackupError(
        `${file} (PostgreSQL ${version} data) does not open with this PGlite: ${error.message || error.cause}`,
      );
    });
    try {
      summary = (await database.query<RestoreSummary>(summarySql)).rows[0] as RestoreSummary;
    } finally {
      await database.close();
    }
    replaceFolder(dataDir, staging, stamp);
  } catch (error) {
    // A copy of the backup must not stay behind: it holds health data.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return summary;
}
