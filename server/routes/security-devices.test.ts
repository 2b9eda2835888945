import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRevoked, SecurityDevices } from '../../src/contract';
import { databaseTargets } from '../../tests/support/databases';
import {
  notificationOutbox,
  pushSubscriptions,
  securityDeviceEvents,
  securityPushAgents,
  smsOutbox,
  users,
} from '../db/schema';
import { TRUSTED_DEVICE_COOKIE } from '../idp/trusted-device';
import { type CookieJar, startTestIdp, TEST_PASSWORD, TEST_USERS, type TestIdp } from '../test/idp';
import { apiOn } from '../test/idp-api';
import { PortalClient } from '../test/idp-flow';
import { ANDROID_CHROME, browser, IPHONE_SAFARI, WINDOWS_FIREFOX } from './security-devices.fixture';

describe.each(databaseTargets)('devices and sessions on $name', ({ location }) => {
  let t: TestIdp;
  let portal: PortalClient;
  let api: Awaited<ReturnType<typeof apiOn>>;
  // A new SMS code may be sent once a minute: each login happens a minute after the one before.
  let clockMs = Date.now();
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location, { clock: () => new Date(clockMs) });
    const client = new PortalClient(t);
    portal = client;
    const signIn = client.signIn.bind(client);
    client.signIn = (...args) => {
      clockMs += 61_000;
      return signIn(...args);
    };
    api = await apiOn(t);
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  const call = (token: string, path: string, method = 'GET') =>
    api.app.request(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const list = async (token: string) => {
    const response = await call(token, '/security/devices');
    expect(response.status).toBe(200);
    return v.parse(SecurityDevices, await response.json());
  };
  const userId = async (username: string): Promise<number> => {
    const [row] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username));
    return row?.id ?? 0;
  };
  const smsTo = async (phone: string, purpose: string) =>
    t.database.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, purpose)));
  /**
   * Whether a later login from this browser (its IdP session over, its remembered-device cookie kept)
   * stops at the SMS code: a remembered device skips it.
   */
  const asksForCode = async (jar: CookieJar, userAgent: string, username: string): Promise<boolean> => {
    clockMs += 61_000;
    const later = browser(userAgent);
    const token = jar.get(TRUSTED_DEVICE_COOKIE);
    if (token) later.set(TRUSTED_DEVICE_COOKIE, token, '/idp');
    const { loginUrl } = await portal.openLogin(later);
    const posted = await portal.submit(later, loginUrl, username, TEST_PASSWORD);
    return posted.status === 200 && (await posted.text()).includes('/loginstrong"');
  };

  it('lists sessions, remembered devices and push devices with browser, system, use and this device', async () => {
    const phone = browser(ANDROID_CHROME);
    const here = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, { jar: phone, remember: true });
    const there = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(IPHONE_SAFARI),
    });
    const mario = await userId('mario.rossi');
    const [push] = await t.database.db
      .insert(pushSubscriptions)
      .values({
        userId: mario,
        endpoint: 'https://fcm.googleapis.com/fcm/send/x1',
        p256dh: 'k',
        auth: 'a',
        language: 'it',
        createdAt: new Date(),
      })
      .returning({ id: pushSubscriptions.id });
    await t.database.db
      .insert(securityPushAgents)
      .values({ subscriptionId: push?.id ?? 0, browser: 'Chrome 131', system: 'Android 14' });

    const seen = await list(here.tokens.access_token ?? '');
    expect(seen.sessions.map(({ browser, system, current }) => ({ browser, system, current }))).toEqual(
      expect.arrayContaining([
        { browser: 'Chrome 131', system: 'Android 14', current: true },
        { browser: 'Safari 17', system: 'iOS 17.5', current: false },
      ]),
    );
    expect(seen.sessions).toHaveLength(2);
    expect(seen.remembered).toEqual([
      expect.objectContaining({
        kind: 'remembered',
        browser: 'Chrome 131',
        system: 'Android 14',
        current: true,
        lastUsedAt: null,
      }),
    ]);
    expect(seen.push).toEqual([expect.objectContaining({ browser: 'Chrome 131', system: 'Android 14' })]);
    for (const device of [...seen.sessions, ...seen.remembered, ...seen.push]) {
      expect(device.id).toMatch(/^[srp]_[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(device.firstUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // The other browser sees the same list with itself as this device.
    const fromThere = await list(there.tokens.access_token ?? '');
    expect(fromThere.sessions.find((session) => session.current)?.browser).toBe('Safari 17');
    expect(fromThere.remembered[0]?.current).toBe(false);

    // The remembered device skips the code next time, and that use shows as its last use.
    expect(await asksForCode(phone, ANDROID_CHROME, 'mario.rossi')).toBe(false);
    const after = await list(here.tokens.access_token ?? '');
    expect(after.remembered[0]?.lastUsedAt).not.toBeNull();
  });

  it("revokes one session at once; another user's id answers 404 and is recorded", async () => {
    const mine = await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, {
      jar: browser(WINDOWS_FIREFOX),
    });
    const other = await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, {
      jar: browser(IPHONE_SAFARI),
    });
    const mario = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(ANDROID_CHROME),
    });
    const token = mine.tokens.access_token ?? '';
    const target = (await list(token)).sessions.find((session) => !session.current);
    expect(target).toBeDefined();

    // Mario cannot end Sara's session: 404, as for an id that never existed, and the refusal is recorded.
    const stranger = await call(mario.tokens.access_token ?? '', `/security/devices/${target?.id}`, 'DELETE');
    expect(stranger.status).toBe(404);
    const refusals = await t.database.db
      .select()
      .from(securityDeviceEvents)
      .where(
        and(
          eq(securityDeviceEvents.userId, await userId('mario.rossi')),
          eq(securityDeviceEvents.outcome, 'DENIED'),
        ),
      );
    expect(refusals.length).toBeGreaterThan(0);
    expect((await call(other.tokens.access_token ?? '', '/security/devices')).status).toBe(200);

    const revoked = await call(token, `/security/devices/${target?.id}`, 'DELETE');
    expect(revoked.status).toBe(200);
    expect(v.parse(DeviceRevoked, await revoked.json())).toEqual({ signedOut: false });
    expect((await call(other.tokens.access_token ?? '', '/security/devices')).status).toBe(401);
    const refreshed = await portal.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: other.tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(400);
    expect((await call(token, '/security/devices')).status).toBe(200);
    expect((await call(token, '/security/devices/s_AAAAAAAAAAAAAAAAAAAAAA', 'DELETE')).status).toBe(404);
    expect((await call(token, '/security/devices/nonsense', 'DELETE')).status).toBe(400);

    // Its own session: this browser is signed out.
    const own = (await list(token)).sessions.find((session) => session.current);
    const ended = await call(token, `/security/devices/${own?.id}`, 'DELETE');
    expect(v.parse(DeviceRevoked, await ended.json())).toEqual({ signedOut: true });
    expect((await call(token, '/security/devices')).status).toBe(401);
  });

  it('forgets a revoked remembered device: the next login asks for the code again', async () => {
    const jar = browser(ANDROID_CHROME);
    const signedIn = await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, { jar, remember: true });
    const token = signedIn.tokens.access_token ?? '';
    const device = (await list(token)).remembered.find((row) => row.current);
    expect(device).toBeDefined();
    expect((await call(token, `/security/devices/${device?.id}`, 'DELETE')).status).toBe(200);
    expect((await list(token)).remembered.some((row) => row.id === device?.id)).toBe(false);
    expect(await asksForCode(jar, ANDROID_CHROME, 'sara.ospite')).toBe(true);
  });

  it('signs out everywhere: old tokens 401 at once, refresh fails, no remembered device, no push', async () => {
    const phone = browser(ANDROID_CHROME);
    const here = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, { jar: phone, remember: true });
    const there = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(IPHONE_SAFARI),
    });
    const mario = await userId('mario.rossi');
    await t.database.db.insert(pushSubscriptions).values({
      userId: mario,
      endpoint: 'https://fcm.googleapis.com/fcm/send/x2',
      p256dh: 'k',
      auth: 'a',
      language: 'it',
      createdAt: new Date(),
    });

    const done = await call(here.tokens.access_token ?? '', '/account/signOutEverywhere', 'POST');
    expect(done.status).toBe(200);
    for (const session of [here, there]) {
      expect((await call(session.tokens.access_token ?? '', '/security/devices')).status).toBe(401);
      const refreshed = await portal.tokenRequest({
        grant_type: 'refresh_token',
        refresh_token: session.tokens.refresh_token ?? '',
      });
      expect(refreshed.status).toBe(400);
    }
    expect(await asksForCode(phone, ANDROID_CHROME, 'mario.rossi')).toBe(true);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, mario)),
    ).toEqual([]);
    const fresh = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(ANDROID_CHROME),
    });
    const after = await list(fresh.tokens.access_token ?? '');
    expect({
      sessions: after.sessions.length,
      remembered: after.remembered.length,
      push: after.push.length,
    }).toEqual({
      sessions: 1,
      remembered: 0,
      push: 0,
    });
  });

  it('tells of a login from a new browser once, by SMS without push devices and by push with them', async () => {
    // senza.telefono has no phone: nothing to send, and nothing fails.
    await portal
      .signIn('senza.telefono', TEST_PASSWORD, undefined, { jar: browser(ANDROID_CHROME) })
      .catch(() => null);
    const phone = '+39 340 5550002';
    const before = (await smsTo(phone, 'new-device')).length;
    // Sara already used Firefox on Windows, Safari on iOS and Chrome on Android above: known browsers.
    await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, { jar: browser(IPHONE_SAFARI) });
    expect((await smsTo(phone, 'new-device')).length).toBe(before);
    const edge =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
    await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, { jar: browser(edge) });
    await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, { jar: browser(edge) });
    const sent = await smsTo(phone, 'new-device');
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)?.body).toMatch(
      /^Nuovo accesso al Fascicolo da Microsoft Edge 131 su macOS .+\/security\/devices$/,
    );
    expect(sent.at(-1)?.body).not.toMatch(/\b\d{6}\b/);

    // With a push device the notice goes by push (the outbox), not by SMS.
    const sara = await userId('sara.ospite');
    await t.database.db.insert(pushSubscriptions).values({
      userId: sara,
      endpoint: 'https://fcm.googleapis.com/fcm/send/x3',
      p256dh: 'k',
      auth: 'a',
      language: 'it',
      createdAt: new Date(),
    });
    const linux = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    await portal.signIn('sara.ospite', TEST_PASSWORD, undefined, { jar: browser(linux) });
    expect((await smsTo(phone, 'new-device')).length).toBe(before + 1);
    const queued = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, sara), eq(notificationOutbox.event, 'NEW_DEVICE_LOGIN')));
    expect(queued.map((row) => row.link)).toEqual(['/security/devices']);
  });

  it('holds 30 parallel revokes and sign-outs', async () => {
    const jar = browser(ANDROID_CHROME);
    const first = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, { jar, remember: true });
    const second = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(IPHONE_SAFARI),
    });
    const token = first.tokens.access_token ?? '';
    const seen = await list(token);
    const other = seen.sessions.find((session) => !session.current);
    const remembered = seen.remembered[0];
    const revokes = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(token, `/security/devices/${index % 2 ? other?.id : remembered?.id}`, 'DELETE'),
      ),
    );
    expect(revokes.every((response) => [200, 404].includes(response.status))).toBe(true);
    expect((await call(second.tokens.access_token ?? '', '/security/devices')).status).toBe(401);
    expect((await list(token)).remembered).toEqual([]);

    const third = await portal.signIn('mario.rossi', TEST_PASSWORD, undefined, {
      jar: browser(IPHONE_SAFARI),
    });
    const outs = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        call(index % 2 ? token : (third.tokens.access_token ?? ''), '/account/signOutEverywhere', 'POST'),
      ),
    );
    expect(outs.every((response) => [200, 401].includes(response.status))).toBe(true);
    expect(outs.some((response) => response.status === 200)).toBe(true);
    expect((await call(token, '/security/devices')).status).toBe(401);
    expect((await call(third.tokens.access_token ?? '', '/security/devices')).status).toBe(401);
  });
});
