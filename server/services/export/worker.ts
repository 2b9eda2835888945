import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { startPeriodic } from '../../periodic';
import { runExportPass } from './job';

/**
 * The export worker of each server process: every `intervalMs`, one pass (expire, then build the oldest
 * waiting archive). Jobs are claimed in PostgreSQL, so N processes share the queue; on stop, a build under
 * way hands its job back at its next heartbeat instead of holding the shutdown.
 */
export function startExportWorker(options: {
  db: Database;
  logger: Logger;
  intervalMs: number;
  organizationName: string;
}): { stop(): Promise<void> } {
  const { db, logger } = options;
  let stopping = false;
  const periodic = startPeriodic({
    intervalMs: options.intervalMs,
    pass: async () => {
      // A finished job makes room for the next at once, without waiting for the timer.
      while (
        !stopping &&
        (await runExportPass(db, {
          organizationName: options.organizationName,
          stopping: () => stopping,
          onBuilt: (job, built) =>
            logger.info('record export built', {
              exportId: job.id,
              documents: built.documents,
              bytes: built.bytes,
            }),
        }))
      );
    },
    onError: (error) => logger.warn('record export failed', { error: error.message }),
  });
  return {
    async stop() {
      stopping = true;
      await periodic.stop();
    },
  };
}
