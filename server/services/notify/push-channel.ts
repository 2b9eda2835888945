import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../src/contract';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { Logger } from '../../logger';
import { operationalEvents, pushOutcomeOf } from '../../observability/events';
import type { Language } from '../language';
import { isSilent } from './device-health';
import type { NotificationMessage } from './dispatch';
import { ackKeyOf, signAckToken } from './push-ack';
import type { VapidKeys } from './push-keys';

/** A push not delivered within a day is dropped by the push service: it would be stale news. */
export const TIME_TO_LIVE_SECONDS = 86_400;
const PUSH_TIMEOUT_MS = 10_000;

/** What one push to a user's devices did: the SMS fallback decides from it. */
export interface PushReport {
  /** Devices subscribed when the push started (those the push service said are gone included). */
  devices: number;
  /** Devices whose push service took the push. */
  reached: number;
  /** Reached devices that also acknowledge what they are sent (not silent for too long). */
  healthy: number;
  /** The language of the user's newest device: the one an SMS is written in. */
  language: Language;
}

export interface PushChannel {
  push(userId: number, message: NotificationMessage): Promise<PushReport>;
}

/** What waits for a user in all (the app's counts), for the icon's badge; given by the composition root. */
export type WaitingTotal = (userId: number) => Promise<number>;

function payloadFor(
  message: NotificationMessage,
  language: Language,
  badge: number | undefined,
  ack: PushPayload['ack'],
): string {
  return JSON.stringify({
    title: message.title[language],
    body: message.body[language],
    link: message.link,
    count: message.count,
    badge,
    ack,
  } satisfies PushPayload);
}

/**
 * Web Push to every device of the user, encrypted for each (RFC 8291) and signed with the portal's
 * VAPID key; each payload carries a signed token the service worker sends back once it showed it
 * (`ackPath`). A subscription the push service no longer knows (404, 410) is removed.
 */
export function webPushChannel(
  db: Database,
  keys: VapidKeys,
  options: { contact: string; logger: Logger; ackPath: string; now?: () => Date; waiting?: WaitingTotal },
): PushChannel {
  const { contact, logger, ackPath, now = () => new Date(), waiting } = options;
  const vapidDetails = { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const ackKey = ackKeyOf(keys.privateKey);
  return {
    async push(userId, message) {
      const devices = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
      const sentAt = now();
      // A number only, never what it counts; a count that cannot be read leaves the badge as it is.
      const badge = devices.length > 0 && waiting ? await waiting(userId).catch(() => undefined) : undefined;
      const reached: number[] = [];
      const gone: number[] = [];
      let healthy = 0;
      for (const device of devices) {
        const subscription = {
          endpoint: device.endpoint,
          keys: { p256dh: device.p256dh, auth: device.auth },
        };
        const language: Language = device.language === 'en' ? 'en' : 'it';
        const token = await signAckToken(ackKey, {
          subscriptionId: device.id,
          outboxId: message.outboxIds[0] ?? 0,
          sentAt,
        });
        const payload = payloadFor(message, language, badge, { path: ackPath, token });
        const request = webpush.generateRequestDetails(subscription, payload, {
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
        operationalEvents.pushDelivery(pushOutcomeOf(status));
        if (status >= 200 && status < 300) {
          reached.push(device.id);
          if (!isSilent(device, sentAt)) healthy++;
        } else if (status === 404 || status === 410) gone.push(device.id);
        else if (status !== 0) logger.warn('push refused', { subscription: device.id, status });
      }
      if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      if (reached.length > 0) {
        await db
          .update(pushSubscriptions)
          .set({
            lastSentAt: sentAt,
            unackedSince: sql`coalesce(${pushSubscriptions.unackedSince}, ${sentAt.toISOString()}::timestamptz)`,
          })
          .where(inArray(pushSubscriptions.id, reached));
      }
      const newest = devices.at(-1);
      return {
        devices: devices.length,
        reached: reached.length,
        healthy,
        language: newest?.language === 'en' ? 'en' : 'it',
      };
    },
  };
}
