import { and, count, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationOutbox, pushSubscriptions, securitySeenBrowsers, users } from '../../db/schema';
import type { Language } from '../language';
import { type SmsSender, sendSms } from '../sms/outbox';
import type { DescribedAgent } from './devices-agent';

/** A browser not seen for this long is new again (docs/decisions.md, security: devices). */
export const SEEN_BROWSER_WINDOW_MS = 90 * 24 * 3600_000;
export const NEW_DEVICE_LINK = '/security/devices';
export const NEW_DEVICE_SMS_PURPOSE = 'new-device';

export type BrowserNovelty = 'first' | 'new' | 'known';

/**
 * Notes that the user logged in from this browser (family and system, no versions: an update is not a
 * new device). 'first' when the user had no browser on record at all (the first login after the account
 * or this feature came: nothing to compare with, no notice), 'new' when this one was never seen or not
 * for 90 days, else 'known'. Each step is one statement that decides by itself, so of parallel logins
 * from one new browser exactly one is told 'new'.
 */
export async function noteBrowser(
  db: Database,
  input: { userId: number; agent: DescribedAgent; now: Date },
): Promise<BrowserNovelty> {
  const key = { userId: input.userId, browser: input.agent.browserName, system: input.agent.systemName };
  const [before] = await db
    .select({ seen: count() })
    .from(securitySeenBrowsers)
    .where(eq(securitySeenBrowsers.userId, input.userId));
  const inserted = await db
    .insert(securitySeenBrowsers)
    .values({ ...key, lastSeenAt: input.now })
    .onConflictDoNothing()
    .returning({ userId: securitySeenBrowsers.userId });
  if (inserted.length > 0) return (before?.seen ?? 0) === 0 ? 'first' : 'new';
  const sameKey = and(
    eq(securitySeenBrowsers.userId, key.userId),
    eq(securitySeenBrowsers.browser, key.browser),
    eq(securitySeenBrowsers.system, key.system),
  );
  const stale = await db
    .update(securitySeenBrowsers)
    .set({ lastSeenAt: input.now })
    .where(
      and(
        sameKey,
        lt(securitySeenBrowsers.lastSeenAt, new Date(input.now.getTime() - SEEN_BROWSER_WINDOW_MS)),
      ),
    )
    .returning({ userId: securitySeenBrowsers.userId });
  if (stale.length > 0) return 'new';
  await db
    .update(securitySeenBrowsers)
    .set({ lastSeenAt: input.now })
    .where(and(sameKey, lt(securitySeenBrowsers.lastSeenAt, input.now)));
  return 'known';
}

const unknown: Record<Language, { browser: string; system: string }> = {
  it: { browser: 'un browser sconosciuto', system: 'un sistema sconosciuto' },
  en: { browser: 'an unknown browser', system: 'an unknown system' },
};

/** Names the browser and the system only: no health data, nothing about the dossier. */
export function newDeviceSmsText(language: Language, agent: DescribedAgent, publicUrl: string): string {
  const browser = agent.browser || unknown[language].browser;
  const system = agent.system || unknown[language].system;
  const link = `${publicUrl}${NEW_DEVICE_LINK}`;
  return language === 'en'
    ? `New sign-in to the Health Dossier from ${browser} on ${system}. Not you? End it now: ${link}`
    : `Nuovo accesso al Fascicolo da ${browser} su ${system}. Non sei stato tu? Chiudilo subito: ${link}`;
}

/**
 * Tells the user of a login from a new browser: a push when the user has push devices (the outbox
 * delivers it within seconds, whatever the preferences: nobody opts out of this), else an SMS to the
 * mobile phone. Returns how it went out.
 */
export async function sendNewDeviceNotice(
  db: Database,
  smsSender: SmsSender,
  input: { userId: number; agent: DescribedAgent; language: Language; publicUrl: string; now: Date },
): Promise<'push' | 'sms' | 'none'> {
  const [devices] = await db
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, input.userId));
  if ((devices?.total ?? 0) > 0) {
    await db.insert(notificationOutbox).values({
      userId: input.userId,
      event: 'NEW_DEVICE_LOGIN',
      link: NEW_DEVICE_LINK,
      createdAt: input.now,
      dueAt: input.now,
    });
    return 'push';
  }
  const [user] = await db
    .select({ phone: users.mobilePhone })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user?.phone) return 'none';
  await sendSms(db, smsSender, {
    userId: input.userId,
    to: user.phone,
    body: newDeviceSmsText(input.language, input.agent, input.publicUrl),
    purpose: NEW_DEVICE_SMS_PURPOSE,
    now: input.now,
  });
  return 'sms';
}
