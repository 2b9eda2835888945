import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/databases';
import { grantLiveness } from '../../auth/grant-liveness';
import { pushSubscriptions, trustedDevices, users } from '../../db/schema';
import {
  type DpopKey,
  dpopKey,
  dpopProof,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../../test/idp';
import { PortalClient } from '../../test/idp-flow';
import { endAccountSessions } from './end-sessions';

describe.each(databaseTargets)('ending every session of an account on $name', ({ location }) => {
  let t: TestIdp;
  let portal: PortalClient;
  // Each authenticator code works once: every sign-in happens on the next 30-second step of the IdP's clock.
  let clockMs = Date.now();
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location, { clock: () => new Date(clockMs) });
    portal = new PortalClient(t);
  });
  beforeEach(() => {
    clockMs += 30_000;
  });
  afterAll(async () => t?.close());

  const grantOf = (accessToken: string | undefined): string => String(decodeJwt(accessToken ?? '').grant_id);
  // The portal's refresh tokens are DPoP-bound: the refresh proves the same key.
  const refresh = async (key: DpopKey, refreshToken: string | undefined) =>
    fetch(`${t.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        dpop: await dpopProof(key, { htm: 'POST', htu: `${t.issuer}/token` }),
      },
      body: new URLSearchParams({
        client_id: 'portal',
        grant_type: 'refresh_token',
        refresh_token: refreshToken ?? '',
      }),
    });

  it('ends the other grants, devices and push subscriptions, and keeps the asking one', async () => {
    const live = grantLiveness(t.database.db);
    clockMs += 30_000;
    const hereKey = await dpopKey();
    const here = await portal.signIn('anna.neri', TEST_PASSWORD, hereKey);
    clockMs += 30_000;
    const thereKey = await dpopKey();
    const there = await portal.signIn('anna.neri', TEST_PASSWORD, thereKey);
    clockMs += 30_000;
    const someoneElse = await portal.signIn('mario.rossi', TEST_PASSWORD, await dpopKey());
    const [anna] = await t.database.db.select().from(users).where(eq(users.subject, 'sub-anna'));
    const userId = anna?.id ?? 0;
    await t.database.db.insert(trustedDevices).values({
      tokenHash: `hash-${location ?? 'pglite'}`,
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.database.db.insert(pushSubscriptions).values({
      userId,
      endpoint: `https://push.example/${userId}`,
      p256dh: 'key',
      auth: 'auth',
      language: 'it',
      createdAt: new Date(),
    });

    const ended = await endAccountSessions(t.database.db, {
      userId,
      keepGrantId: grantOf(here.tokens.access_token),
    });
    expect(ended).toEqual({ grants: 1, devices: 1, pushSubscriptions: 1 });
    expect(await live(grantOf(here.tokens.access_token))).toBe(true);
    expect(await live(grantOf(there.tokens.access_token))).toBe(false);
    expect(await live(grantOf(someoneElse.tokens.access_token))).toBe(true);
    expect((await refresh(thereKey, there.tokens.refresh_token)).status).toBe(400);
    expect((await refresh(hereKey, here.tokens.refresh_token)).status).toBe(200);
    const devices = await t.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, userId));
    expect(devices.every((device) => device.revoked)).toBe(true);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    ).toEqual([]);

    // Without a grant to keep, the last one ends too.
    expect((await endAccountSessions(t.database.db, { userId })).grants).toBe(1);
    expect(await live(grantOf(here.tokens.access_token))).toBe(false);
  });
});
