import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { pushSubscriptions, users } from '../db/schema';
import { type LocalPushService, startLocalPushService } from '../test/push-endpoint';

type Device = ReturnType<LocalPushService['subscribe']>;

/**
 * A push subscription stays with its user: knowing someone's endpoint is not enough
 * to move it to one's own account; only the same browser, with the same keys, moves it.
 */
describe.each(databaseTargets)('push subscriptions cannot be taken over, on $name', ({ location }) => {
  let ctx: TestContext;
  let service: LocalPushService;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    service = await startLocalPushService();
    ctx = await createTestContext(location, { pushOrigins: [service.origin] });
    for (const row of await ctx.db.select({ id: users.id, username: users.username }).from(users))
      ids.set(row.username, row.id);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  const register = (username: string, device: Device) =>
    ctx.call('/api/notify/push/subscription', username, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...device, language: 'it' }),
    });
  const rowOf = async (device: Device) => {
    const rows = await ctx.db
      .select({
        userId: pushSubscriptions.userId,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  /** Someone else's endpoint, with the caller's own keys (a browser of his). */
  const stolen = (device: Device): Device => ({ endpoint: device.endpoint, keys: service.subscribe().keys });

  it('refuses another user’s endpoint with other keys, with the reply an endpoint outside the push services gets', async () => {
    const marios = service.subscribe();
    expect((await register('mario.rossi', marios)).status).toBe(204);

    const refused = await register('giulia.bianchi', stolen(marios));
    const outside = await register('giulia.bianchi', {
      ...stolen(marios),
      endpoint: 'http://10.0.0.1/push/x',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(await outside.json());
    expect(await rowOf(marios)).toEqual({ userId: ids.get('mario.rossi'), ...marios.keys });

    // Mario's own browser may register it again; the same browser signed in as Giulia moves it to her.
    expect((await register('mario.rossi', marios)).status).toBe(204);
    expect((await register('giulia.bianchi', marios)).status).toBe(204);
    expect((await rowOf(marios))?.userId).toBe(ids.get('giulia.bianchi'));
  });

  it('keeps the subscription with its user under 30 parallel attempts, his own browser’s among them', async () => {
    const marios = service.subscribe();
    expect((await register('mario.rossi', marios)).status).toBe(204);
    const attempts = Array.from({ length: 30 }, (_, index) =>
      index % 3 === 0
        ? register('mario.rossi', marios).then((response) => ['mario', response.status] as const)
        : register(index % 2 ? 'giulia.bianchi' : 'dott.ferrari', stolen(marios)).then(
            (response) => ['thief', response.status] as const,
          ),
    );
    const answers = await Promise.all(attempts);
    expect(answers.filter(([who]) => who === 'mario').every(([, status]) => status === 204)).toBe(true);
    expect(answers.filter(([who]) => who === 'thief').every(([, status]) => status === 400)).toBe(true);
    expect(await rowOf(marios)).toEqual({ userId: ids.get('mario.rossi'), ...marios.keys });
  });

  it('moves a browser’s subscription between the accounts signed in there, one owner at the end', async () => {
    const shared = service.subscribe();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        register(index % 2 ? 'giulia.bianchi' : 'mario.rossi', shared).then((response) => response.status),
      ),
    );
    expect(answers.every((status) => status === 204)).toBe(true);
    const row = await rowOf(shared);
    expect([ids.get('giulia.bianchi'), ids.get('mario.rossi')]).toContain(row?.userId);
  });
});
