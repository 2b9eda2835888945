import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { sweepAccessAlerts } from './sweep';

/**
 * Runs the access-alert sweep in each server process; the watermark's lock makes one pass at a time do
 * the work. With the dispatcher's 5 s, an access reaches the phone well within a minute.
 */
export function startAccessAlertSweeper(options: { db: Database; logger: Logger; intervalMs: number }): {
  stop(): Promise<void>;
} {
  const { db, logger, intervalMs } = options;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running
      .then(() => sweepAccessAlerts(db, { now: new Date() }))
      .then(
        (queued) => {
          if (queued > 0) logger.info('access alerts queued', { notices: queued });
        },
        (error: Error) => logger.warn('access alert sweep failed', { error: error.message }),
      );
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
