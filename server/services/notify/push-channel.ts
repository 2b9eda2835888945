import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../src/contract';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Language } from '../language';
import type { NotificationChannel, NotificationMessage } from './dispatch';
import type { VapidKeys } from './push-keys';

/** A push not delivered within a day is dropped by the push service: it would be stale news. */
const TIME_TO_LIVE_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;

function payloadFor(message: NotificationMessage, language: Language): string {
  return JSON.stringify({
    title: message.title[language],
    body: message.body[language],
    link: message.link,
    count: message.count,
  } satisfies PushPayload);
}

/**
 * Web Push to every device of the user, encrypted for each (RFC 8291) and signed with the portal's
 * VAPID key. A subscription the push service no longer knows (404, 410) is removed.
 */
export function webPushChannel(
  db: Database,
  keys: VapidKeys,
  contact: string,
  logger: Logger,
  now: () => Date = () => new Date(),
): NotificationChannel {
  const vapidDetails = { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    async deliver(userId, message) {
      const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      const reached: number[] = [];
      const gone: number[] = [];
      for (const device of devices) {
        const subscription = {
          endpoint: device.endpoint,
          keys: { p256dh: device.p256dh, auth: device.auth },
        };
        const language: Language = device.language === 'en' ? 'en' : 'it';
        const request = webpush.generateRequestDetails(subscription, payloadFor(message, language), {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          urgency: 'normal',
          topic: 'dossier',
        });
        // web-push's own sender speaks https only; fetch also lets the timeout and redirects be ours.
        const status = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body === null ? null : new Uint8Array(request.body),
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        }).then(
          (response) => response.status,
          (error: Error) => {
            logger.warn('push not delivered', { subscription: device.id, error: error.message });
            return 0;
          },
        );
        if (status >= 200 && status < 300) reached.push(device.id);
        else if (status === 404 || status === 410) gone.push(device.id);
        else if (status !== 0) logger.warn('push refused', { subscription: device.id, status });
      }
      if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      if (reached.length > 0) {
        await db
          .update(pushSubscriptions)
          .set({ lastSentAt: now() })
          .where(inArray(pushSubscriptions.id, reached));
      }
      return reached.length > 0 ? 'delivered' : 'unreachable';
    },
  };
}
