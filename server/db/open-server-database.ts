import type { Logger } from '../logger';
import { type DatabaseHandle, openDatabase } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

/** Ends the process with one line on stderr (and the same reason in the structured log), no stack trace. */
function cannotStart(logger: Logger, reason: string): never {
  logger.error('cannot start', { reason });
  process.stderr.write(`Cannot start: ${reason}\n`);
  process.exit(1);
}

/**
 * The server process's database: PostgreSQL, whose broken connections are logged and replaced, or the
 * PGlite folder, taken for this process alone. A folder another process holds, or one PGlite cannot open
 * (damaged files), stops the start with one clear line instead of a stack trace or a second writer.
 */
export async function openServerDatabase(location: string, logger: Logger): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    return openDatabase(location, {
      onConnectionError: (error) => logger.warn('database connection lost', { error: error.message }),
    });
  }
  let release: () => void;
  try {
    release = lockDataDir(location);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      cannotStart(logger, `${error.message}: stop it first, or give this one another DATA_DIR`);
    cannotStart(logger, `DATA_DIR ${location} cannot be used: ${(error as Error).message}`);
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(location);
  } catch (error) {
    release();
    cannotStart(
      logger,
      `DATA_DIR ${location} holds a damaged or unreadable database (${(error as Error).message}): ` +
        'restore it from a backup, or move the folder away to start with an empty one',
    );
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}
