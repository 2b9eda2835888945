import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { startPeriodic } from '../../periodic';
import { sweepAccessAlerts } from './sweep';

/**
 * Runs the access-alert sweep in each server process; the watermark's lock makes one pass at a time do
 * the work. With the dispatcher's 5 s, an access reaches the phone well within a minute.
 */
export function startAccessAlertSweeper(options: { db: Database; logger: Logger; intervalMs: number }): {
  stop(): Promise<void>;
} {
  const { db, logger, intervalMs } = options;
  return startPeriodic({
    intervalMs,
    pass: async () => {
      const queued = await sweepAccessAlerts(db, { now: new Date() });
      if (queued > 0) logger.info('access alerts queued', { notices: queued });
    },
    onError: (error) => logger.warn('access alert sweep failed', { error: error.message }),
  });
}
