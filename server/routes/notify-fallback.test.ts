import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { loginAttempts, notificationOutbox, pushSubscriptions, smsOutbox, users } from '../db/schema';
import { createMemoryLogger } from '../logger';
import { notificationChannel } from '../services/notify/channel';
import { SILENT_AFTER_MS } from '../services/notify/device-health';
import { dispatchNotifications } from '../services/notify/dispatch';
import { queueNotification } from '../services/notify/outbox';
import { DEFAULT_PREFERENCES, savePreferences } from '../services/notify/preferences';
import { ackKey, signAckToken } from '../services/notify/push-ack';
import { webPushChannel } from '../services/notify/push-channel';
import { vapidKeys } from '../services/notify/push-keys';
import {
  FALLBACK_PURPOSE,
  MAX_FALLBACK_SMS_PER_DAY,
  queueFallbackSms,
} from '../services/notify/sms-fallback';
import { recordOnlySender } from '../services/sms/outbox';
import { type LocalPushService, startLocalPushService } from '../test/push-endpoint';

const HOUR = 3600_000;
const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe.each(databaseTargets)('push acknowledgements and the SMS fallback on $name', ({ location }) => {
  let ctx: TestContext;
  let service: LocalPushService;
  let mario: number;
  beforeAll(async () => {
    service = await startLocalPushService();
    ctx = await createTestContext(location, { pushOrigins: [service.origin] });
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'mario.rossi'));
    mario = row?.id ?? 0;
    await savePreferences(
      ctx.db,
      mario,
      { ...DEFAULT_PREFERENCES, enabled: true, frequency: 'INSTANT', important: ['DOCUMENT'] },
      new Date(),
    );
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(pushSubscriptions);
    await ctx.db.delete(notificationOutbox);
    await ctx.db.delete(smsOutbox).where(eq(smsOutbox.purpose, FALLBACK_PURPOSE));
    await ctx.db.delete(loginAttempts).where(like(loginAttempts.key, 'push-ack:%'));
    service.received.length = 0;
  });

  const subscribe = async (user = 'mario.rossi') => {
    const device = service.subscribe();
    const response = await ctx.call(
      '/api/notify/push/subscription',
      user,
      send('PUT', { ...device, language: 'it' }),
    );
    expect(response.status).toBe(204);
    return device;
  };
  /** Queues one event and runs the dispatcher, both at `at` (the fake clock). */
  const deliverAt = async (at: Date, event: NotificationEvent = 'DOCUMENT_NEW') => {
    await queueNotification(ctx.db, { userIds: [mario], event, link: '/dossier', now: at });
    const logger = createMemoryLogger();
    const push = webPushChannel(ctx.db, await vapidKeys(ctx.db), {
      contact: 'mailto:dpo@ospedale.it',
      logger,
      ackPath: '/api/notify/push/ack',
      now: () => at,
    });
    const channel = notificationChannel({
      db: ctx.db,
      push,
      smsSender: recordOnlySender,
      logger,
      now: () => at,
    });
    return dispatchNotifications(ctx.db, channel, at);
  };
  const fallbackSms = () =>
    ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.userId, mario), eq(smsOutbox.purpose, FALLBACK_PURPOSE)));
  const lastAckToken = (): string => JSON.parse(service.received.at(-1)?.plaintext ?? '{}').ack.token;
  const ack = (token: string) => ctx.call('/api/notify/push/ack', null, send('POST', { token }));
  const device = async () => (await ctx.db.select().from(pushSubscriptions))[0];

  it('takes a valid token without a session; refuses expired, forged, altered and malformed ones alike', async () => {
    await subscribe();
    await deliverAt(new Date());
    expect((await device())?.unackedSince).not.toBeNull();
    expect((await ack(lastAckToken())).status).toBe(204);
    const shown = await device();
    expect(shown?.lastShownAt).not.toBeNull();
    expect(shown?.unackedSince).toBeNull();

    const key = await ackKey(ctx.db);
    const claims = { subscriptionId: shown?.id ?? 0, outboxId: 1 };
    const expired = await signAckToken(key, { ...claims, sentAt: new Date(Date.now() - 26 * HOUR) });
    const forged = await signAckToken(new Uint8Array(32).fill(7), { ...claims, sentAt: new Date() });
    const other = await signAckToken(key, { ...claims, subscriptionId: 999_999, sentAt: new Date() });
    const [header, , signature] = lastAckToken().split('.');
    const altered = `${header}.${Buffer.from('{"sub":"1","sat":1}').toString('base64url')}.${signature}`;
    for (const token of [expired, forged, other, altered]) {
      const response = await ack(token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    for (const body of [{ token: 'not a token' }, { token: lastAckToken(), extra: 1 }, {}]) {
      const response = await ctx.call('/api/notify/push/ack', null, send('POST', body));
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('not a token');
    }
  });

  it('counts bad tokens per address: of 25 at once, 20 are 404 and 5 are 429; a good one still passes', async () => {
    await subscribe();
    await deliverAt(new Date());
    const forged = await signAckToken(new Uint8Array(32), {
      subscriptionId: (await device())?.id ?? 0,
      outboxId: 1,
      sentAt: new Date(),
    });
    const statuses = await Promise.all(Array.from({ length: 25 }, async () => (await ack(forged)).status));
    expect(statuses.filter((status) => status === 404)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect((await ack(lastAckToken())).status).toBe(204);
  });

  it('sends an SMS only for an important category, and only once the device is silent for 48 hours', async () => {
    await subscribe();
    // The clock ends now, so the last push's token is still valid for the real acknowledgement below.
    const start = new Date(Date.now() - SILENT_AFTER_MS - 2 * HOUR);
    const at = (ms: number) => new Date(start.getTime() + ms);
    await deliverAt(start);
    await deliverAt(at(HOUR));
    expect(await fallbackSms()).toHaveLength(0);
    // Silent now, but the conference category is not important.
    await deliverAt(at(SILENT_AFTER_MS + HOUR), 'CONFERENCE_REQUESTED');
    expect(await fallbackSms()).toHaveLength(0);
    await deliverAt(at(SILENT_AFTER_MS + 2 * HOUR - 1000));
    const [sms] = await fallbackSms();
    expect(sms?.toPhone).toBe('+39 333 1000001');
    expect(sms?.body).toBe("Dossier Sanitario: hai una novità. Apri l'app per i dettagli.");
    expect(sms?.status).toBe('SENT');
    // The device shows the last push: it is healthy again, no more SMS.
    expect((await ack(lastAckToken())).status).toBe(204);
    await deliverAt(new Date());
    expect(await fallbackSms()).toHaveLength(1);
  });

  it('sends no SMS to a user with no device subscribed at all', async () => {
    await deliverAt(new Date(Date.now() - 3 * SILENT_AFTER_MS));
    await deliverAt(new Date());
    expect(await fallbackSms()).toHaveLength(0);
  });

  it('sends one SMS for one outbox row, even from 25 dispatchers or 25 fallbacks at once', async () => {
    await subscribe();
    await ctx.db
      .update(pushSubscriptions)
      .set({ unackedSince: new Date(Date.now() - SILENT_AFTER_MS - HOUR) });
    const now = new Date();
    await queueNotification(ctx.db, { userIds: [mario], event: 'DOCUMENT_NEW', link: '/dossier', now });
    const logger = createMemoryLogger();
    const push = webPushChannel(ctx.db, await vapidKeys(ctx.db), {
      contact: 'mailto:dpo@ospedale.it',
      logger,
      ackPath: '/api/notify/push/ack',
    });
    const channel = notificationChannel({ db: ctx.db, push, smsSender: recordOnlySender, logger });
    await Promise.all(Array.from({ length: 25 }, () => dispatchNotifications(ctx.db, channel, now)));
    expect(await fallbackSms()).toHaveLength(1);
    expect(service.received).toHaveLength(1);

    await ctx.db.delete(smsOutbox).where(eq(smsOutbox.purpose, FALLBACK_PURPOSE));
    const [row] = await ctx.db
      .insert(notificationOutbox)
      .values({ userId: mario, event: 'DOCUMENT_NEW', link: '/dossier', createdAt: now, dueAt: now })
      .returning({ id: notificationOutbox.id });
    const queued = await Promise.all(
      Array.from({ length: 25 }, () =>
        queueFallbackSms(ctx.db, {
          userId: mario,
          outboxIds: [row?.id ?? 0],
          events: ['DOCUMENT_NEW'],
          language: 'en',
          now,
        }),
      ),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect((await fallbackSms())[0]?.body).toBe(
      'Health Dossier: you have an update. Open the app for the details.',
    );
  });

  it(`sends at most ${MAX_FALLBACK_SMS_PER_DAY} SMS a day to a user, however many news arrive at once`, async () => {
    const now = new Date();
    const fallbackFor = async (at: Date) => {
      const [row] = await ctx.db
        .insert(notificationOutbox)
        .values({ userId: mario, event: 'DOCUMENT_NEW', link: '/dossier', createdAt: at, dueAt: at })
        .returning({ id: notificationOutbox.id });
      return queueFallbackSms(ctx.db, {
        userId: mario,
        outboxIds: [row?.id ?? 0],
        events: ['DOCUMENT_NEW'],
        language: 'it',
        now: at,
      });
    };
    const queued = await Promise.all(Array.from({ length: 25 }, () => fallbackFor(now)));
    expect(queued.filter(Boolean)).toHaveLength(MAX_FALLBACK_SMS_PER_DAY);
    expect(await fallbackFor(new Date(now.getTime() + 23 * HOUR))).toBe(false);
    expect(await fallbackFor(new Date(now.getTime() + 25 * HOUR))).toBe(true);
  });

  it("tells the user whether this device shows the pushes; someone else's device is not found", async () => {
    const mine = await subscribe();
    const status = (user: string, endpoint: string) =>
      ctx.call('/api/notify/push/device', user, send('POST', { endpoint }));
    expect(await (await status('mario.rossi', mine.endpoint)).json()).toEqual({
      lastShownAt: null,
      stale: false,
    });
    await deliverAt(new Date());
    await ack(lastAckToken());
    const shown = await (await status('mario.rossi', mine.endpoint)).json();
    expect(shown.lastShownAt).toEqual(expect.any(String));
    await ctx.db
      .update(pushSubscriptions)
      .set({ unackedSince: new Date(Date.now() - SILENT_AFTER_MS - HOUR) });
    expect((await (await status('mario.rossi', mine.endpoint)).json()).stale).toBe(true);
    expect((await status('giulia.bianchi', mine.endpoint)).status).toBe(404);
    expect((await status('mario.rossi', 'not a url')).status).toBe(400);
  });
});
