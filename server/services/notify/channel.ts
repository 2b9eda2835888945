import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { dispatchQueuedSms, type SmsSender } from '../sms/outbox';
import type { NotificationChannel } from './dispatch';
import type { PushChannel } from './push-channel';
import { queueFallbackSms } from './sms-fallback';

/**
 * Push first; an SMS when no device of the user both took the push and acknowledges what it is sent. A
 * user with no subscribed device at all gets no SMS: that is someone who never turned push on, or turned
 * it off or logged out everywhere, and chose to read the news in the portal.
 */
export function notificationChannel(deps: {
  db: Database;
  push: PushChannel;
  smsSender: SmsSender;
  logger: Logger;
  now?: () => Date;
}): NotificationChannel {
  const { db, push, smsSender, logger, now = () => new Date() } = deps;
  return {
    async deliver(userId, message) {
      const report = await push.push(userId, message);
      if (report.healthy > 0 || report.devices === 0) {
        return report.reached > 0 ? 'delivered' : 'unreachable';
      }
      const queued = await queueFallbackSms(db, {
        userId,
        outboxIds: message.outboxIds,
        events: message.events,
        language: report.language,
        now: now(),
      });
      if (queued) {
        logger.info('notification sent by sms', { user: userId });
        await dispatchQueuedSms(db, smsSender).catch((error: Error) =>
          logger.warn('sms fallback not sent', { error: error.message }),
        );
      }
      return queued || report.reached > 0 ? 'delivered' : 'unreachable';
    },
  };
}
