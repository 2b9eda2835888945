import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { startPeriodic } from '../../periodic';
import { dispatchNotifications, type NotificationChannel } from './dispatch';

/**
 * Runs the outbox every few seconds in each server process; the claim makes every row leave once.
 * Instant notifications therefore reach the phone within `intervalMs`; digests at their slot.
 */
export function startNotificationDispatcher(options: {
  db: Database;
  channel: NotificationChannel;
  logger: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const { db, channel, logger, intervalMs = 5_000 } = options;
  return startPeriodic({
    intervalMs,
    pass: async () => {
      const served = await dispatchNotifications(db, channel, new Date());
      if (served > 0) logger.info('notifications dispatched', { users: served });
    },
    onError: (error) => logger.warn('notification dispatch failed', { error: error.message }),
  });
}
