import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { createApp } from '../app';
import type { AppEnv } from '../app-env';
import { grantLiveness } from '../auth/grant-liveness';
import { databaseReplayStore } from '../auth/replay-store';
import { createTokenVerifier } from '../auth/token-verifier';
import { smsOutbox, users } from '../db/schema';
import { createMemoryLogger } from '../logger';
import { LiveHub } from '../services/live/hub';
import {
  type DpopKey,
  dpopKey,
  dpopProof,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';

const NEW_PASSWORD = 'una casa sul lago di Garda';

/**
 * The password change against the real identity provider: tokens, grants and refresh families as the
 * portal gets them, DPoP-bound, and the API checking each token's grant on every call.
 */
describe.each(databaseTargets)('a password change ends the other sessions on $name', ({ location }) => {
  let t: TestIdp;
  let portal: PortalClient;
  let api: Hono<AppEnv>;
  let live: LiveHub;
  let clockMs = Date.now();
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location, { clock: () => new Date(clockMs) });
    portal = new PortalClient(t);
    const logger = createMemoryLogger();
    live = await new LiveHub(10, logger).start(t.database);
    api = createApp({
      config: t.config,
      db: t.database.db,
      logger,
      live,
      verifyToken: createTokenVerifier({
        issuer: t.issuer,
        audience: t.config.apiAudience,
        jwks: t.idp.publicJwks,
        requireDpop: true,
        replayStore: databaseReplayStore(t.database.db),
        grantIsLive: grantLiveness(t.database.db),
      }),
    });
  });
  beforeEach(() => {
    clockMs += 30_000;
  });
  afterAll(async () => {
    await live?.stop();
    await t?.close();
  });

  const call = async (key: DpopKey, token: string, path: string, body?: unknown): Promise<Response> => {
    const url = `${t.base}/api${path}`;
    const method = body === undefined ? 'GET' : 'POST';
    const proof = await dpopProof(key, { htm: method, htu: url, accessToken: token });
    return api.request(url, {
      method,
      headers: { authorization: `DPoP ${token}`, dpop: proof, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const lastSms = async (username: string): Promise<string> => {
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    const [row] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, user?.id ?? 0))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return row?.body ?? '';
  };

  it('keeps the asking session, ends the others at once, tells the owner, and the new password signs in', async () => {
    const hereKey = await dpopKey();
    const here = await portal.signIn('mario.rossi', TEST_PASSWORD, hereKey);
    clockMs += 30_000;
    const thereKey = await dpopKey();
    const there = await portal.signIn('mario.rossi', TEST_PASSWORD, thereKey);
    const hereToken = here.tokens.access_token ?? '';
    const thereToken = there.tokens.access_token ?? '';
    expect((await call(thereKey, thereToken, '/me')).status).toBe(200);

    expect((await call(hereKey, hereToken, '/security/stepUpCode', {})).status).toBe(200);
    const code = (await lastSms('mario.rossi')).match(/^(\d{6}) /)?.[1] ?? '';
    const changed = await call(hereKey, hereToken, '/security/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ otherSessionsEnded: 1, notified: true });
    expect(await lastSms('mario.rossi')).toMatch(/^La password del Fascicolo è stata cambiata/);

    // The other browser's token answers 401 at once; this one goes on.
    expect((await call(thereKey, thereToken, '/me')).status).toBe(401);
    expect((await call(hereKey, hereToken, '/me')).status).toBe(200);

    clockMs += 30_000;
    await expect(portal.signIn('mario.rossi', TEST_PASSWORD, await dpopKey())).rejects.toThrow();
    clockMs += 30_000;
    const again = await portal.signIn('mario.rossi', NEW_PASSWORD, await dpopKey());
    expect(again.tokens.access_token).toBeTruthy();
  });
});
