import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/contract/language';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { pushSubscriptions, users } from '../db/schema';
import { createMemoryLogger } from '../logger';
import { notificationChannel } from '../services/notify/channel';
import { dispatchNotifications } from '../services/notify/dispatch';
import { queueNotification } from '../services/notify/outbox';
import { DEFAULT_PREFERENCES, savePreferences } from '../services/notify/preferences';
import { webPushChannel } from '../services/notify/push-channel';
import { vapidKeys } from '../services/notify/push-keys';
import { MAX_PUSH_DEVICES } from '../services/notify/push-subscriptions';
import { recordOnlySender } from '../services/sms/outbox';
import { type LocalPushService, startLocalPushService } from '../test/push-endpoint';

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe.each(databaseTargets)('Web Push on $name', ({ location }) => {
  let ctx: TestContext;
  let service: LocalPushService;
  let mario: number;
  beforeAll(async () => {
    service = await startLocalPushService();
    ctx = await createTestContext(location, {
      pushOrigins: [service.origin],
      pushContact: 'mailto:dpo@ospedale.it',
    });
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'mario.rossi'));
    mario = row?.id ?? 0;
    await savePreferences(ctx.db, mario, { ...DEFAULT_PREFERENCES, enabled: true }, new Date());
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  const subscribe = async (user: string, language: Language, device = service.subscribe()) => {
    const response = await ctx.call(
      '/api/notify/push/subscription',
      user,
      send('PUT', { ...device, language }),
    );
    expect(response.status).toBe(204);
    return device;
  };
  const dispatch = async () => {
    await queueNotification(ctx.db, {
      userIds: [mario],
      event: 'DOCUMENT_NEW',
      link: '/dossier',
      now: new Date(),
    });
    const keys = await vapidKeys(ctx.db);
    const logger = createMemoryLogger();
    const push = webPushChannel(ctx.db, keys, {
      contact: ctx.config.pushContact,
      logger,
      ackPath: '/api/notify/push/ack',
    });
    const channel = notificationChannel({ db: ctx.db, push, smsSender: recordOnlySender, logger });
    return dispatchNotifications(ctx.db, channel, new Date());
  };

  it('delivers an encrypted, VAPID-signed push with no clinical content, in each device language', async () => {
    const key = await (await ctx.call('/api/notify/push/key', 'mario.rossi')).json();
    expect((await (await ctx.call('/api/notify/push/key', 'dott.ferrari')).json()).publicKey).toBe(
      key.publicKey,
    );
    const italian = await subscribe('mario.rossi', 'it');
    const english = await subscribe('mario.rossi', 'en');
    service.received.length = 0;
    expect(await dispatch()).toBe(1);
    const byPath = new Map(service.received.map((push) => [push.path, push]));
    const toItalian = byPath.get(new URL(italian.endpoint).pathname);
    expect(JSON.parse(toItalian?.plaintext ?? '{}')).toEqual({
      title: 'Nuovo documento disponibile',
      body: 'Apri il Fascicolo per i dettagli.',
      link: '/dossier',
      count: 1,
      ack: { path: '/api/notify/push/ack', token: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/) },
    });
    expect(toItalian?.vapid).toEqual({
      aud: service.origin,
      sub: 'mailto:dpo@ospedale.it',
      publicKey: key.publicKey,
    });
    expect(toItalian?.ttl).toBe('86400');
    const toEnglish = byPath.get(new URL(english.endpoint).pathname);
    expect(JSON.parse(toEnglish?.plaintext ?? '{}').title).toBe('New document available');
  });

  it('removes a subscription the push service answers 410 for', async () => {
    await ctx.db.delete(pushSubscriptions);
    const device = await subscribe('mario.rossi', 'it');
    service.gone.add(new URL(device.endpoint).pathname);
    await dispatch();
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });

  it('refuses endpoints outside the push services, and a device belongs to whoever subscribed last', async () => {
    for (const endpoint of [
      'http://127.0.0.1:5432/x',
      'https://fcm.googleapis.com.evil.example/x',
      'file:///etc',
    ]) {
      const device = { endpoint, keys: { p256dh: 'BAAA', auth: 'AAAA' }, language: 'it' };
      const response = await ctx.call('/api/notify/push/subscription', 'mario.rossi', send('PUT', device));
      expect(response.status, endpoint).toBe(400);
      expect(await response.text()).toContain('endpoint');
    }
    const device = await subscribe('mario.rossi', 'it');
    await subscribe('giulia.bianchi', 'it', device);
    const [row] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const [giulia] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'giulia.bianchi'));
    expect(row?.userId).toBe(giulia?.id);
    // Mario cannot unsubscribe Giulia's device; she can.
    await ctx.call(
      '/api/notify/push/subscription',
      'mario.rossi',
      send('DELETE', { endpoint: device.endpoint }),
    );
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(1);
    await ctx.call(
      '/api/notify/push/subscription',
      'giulia.bianchi',
      send('DELETE', { endpoint: device.endpoint }),
    );
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(0);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per user, even when 25 subscribe at once`, async () => {
    await ctx.db.delete(pushSubscriptions);
    await Promise.all(Array.from({ length: 25 }, () => subscribe('mario.rossi', 'it')));
    const rows = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [mario]));
    expect(rows).toHaveLength(MAX_PUSH_DEVICES);
  });
});
