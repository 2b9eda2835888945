import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  categoryOf,
  isAccountNotice,
  MAX_FALLBACK_SMS_PER_DAY,
  type NotificationEvent,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { notificationOutbox, notificationPreferences, smsOutbox, users } from '../../db/schema';
import type { Language, Localized } from '../language';
import { queueSms } from '../sms/outbox';

export { MAX_FALLBACK_SMS_PER_DAY };

const DAY_MS = 24 * 3600_000;

export const FALLBACK_PURPOSE = 'notify-fallback';

/** Like a push: that there is news, never what (an SMS is read on a locked phone, by anyone). */
export const FALLBACK_TEXT: Localized = {
  it: "Dossier Sanitario: hai una novità. Apri l'app per i dettagli.",
  en: 'Health Dossier: you have an update. Open the app for the details.',
};

/**
 * Queues one SMS (inside a transaction: `dispatchQueuedSms` sends it after the commit) when the news
 * is of a category the user marked important, the user has a mobile phone, none of the outbox rows had
 * its fallback decided yet, and the day's cap is not reached. The rows are marked in the same
 * transaction, so a row never causes a second SMS, whichever process or retry handles it; the user's
 * row is locked so parallel fallbacks count each other against the cap. Returns whether one was queued.
 */
export async function queueFallbackSms(
  db: Database,
  input: {
    userId: number;
    outboxIds: readonly number[];
    events: readonly NotificationEvent[];
    language: Language;
    now: Date;
  },
): Promise<boolean> {
  if (input.outboxIds.length === 0) return false;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ phone: users.mobilePhone, important: notificationPreferences.important })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(eq(users.id, input.userId))
      .for('update', { of: users });
    const important = new Set(user?.important ?? []);
    // A notice about the account (a new device) always matters: nobody chooses its category.
    const matters = (event: NotificationEvent) => isAccountNotice(event) || important.has(categoryOf(event));
    if (!user?.phone || !input.events.some(matters)) return false;
    const undecided = await tx
      .update(notificationOutbox)
      .set({ smsFallbackAt: input.now })
      .where(
        and(
          inArray(notificationOutbox.id, [...input.outboxIds]),
          eq(notificationOutbox.userId, input.userId),
          isNull(notificationOutbox.smsFallbackAt),
        ),
      )
      .returning({ id: notificationOutbox.id });
    if (undecided.length === 0) return false;
    const [today] = await tx
      .select({ sent: count() })
      .from(smsOutbox)
      .where(
        and(
          eq(smsOutbox.userId, input.userId),
          eq(smsOutbox.purpose, FALLBACK_PURPOSE),
          gt(smsOutbox.createdAt, new Date(input.now.getTime() - DAY_MS)),
        ),
      );
    // Over the cap the rows stay marked: that news is not worth an SMS later either.
    if ((today?.sent ?? 0) >= MAX_FALLBACK_SMS_PER_DAY) return false;
    await queueSms(tx, {
      userId: input.userId,
      to: user.phone,
      body: FALLBACK_TEXT[input.language],
      purpose: FALLBACK_PURPOSE,
      now: input.now,
    });
    return true;
  });
}
