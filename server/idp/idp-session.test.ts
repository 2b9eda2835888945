import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { oidcPayloads } from '../db/schema';
import { createMemoryLogger } from '../logger';
import {
  CookieJar,
  cspOf,
  formAction,
  inputValue,
  pkce,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';
import { DrizzleAdapter, extendSession } from './adapter';
import { createEmbeddedIdp } from './index';
import { sessionTtl } from './provider-config';

let t: TestIdp;
let portal: PortalClient;

const db = () => t.database.db;

describe.each(databaseTargets)('embedded identity provider: session on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
    portal = new PortalClient(t);
  });
  afterAll(async () => t?.close());

  it('answers a silent check (prompt=none) with a code while the session lives', async () => {
    const { jar } = await portal.signIn('mario.rossi', TEST_PASSWORD);
    const { verifier, challenge } = pkce();
    const silent = await jar.fetch(portal.authorizeUrl(challenge, { prompt: 'none' }));
    const tokens = await portal.exchange(portal.codeFrom(silent), verifier);
    expect(tokens.access_token).toBeTruthy();

    const stranger = await new CookieJar().fetch(portal.authorizeUrl(challenge, { prompt: 'none' }));
    expect(new URL(stranger.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });

  it('idles the login session out after 30 minutes, and token requests keep it alive', async () => {
    const { tokens } = await portal.signIn('mario.rossi', TEST_PASSWORD);
    const [refreshRow] = await db()
      .select()
      .from(oidcPayloads)
      .where(eq(oidcPayloads.id, tokens.refresh_token ?? ''));
    const sessionUid = (refreshRow?.payload as { sessionUid?: string } | undefined)?.sessionUid ?? '';
    const sessionRow = async () =>
      (await db().select().from(oidcPayloads).where(eq(oidcPayloads.uid, sessionUid)))[0];
    const secondsLeft = async () => (((await sessionRow())?.expiresAt?.getTime() ?? 0) - Date.now()) / 1000;
    expect(await secondsLeft()).toBeGreaterThan(1790);
    expect(await secondsLeft()).toBeLessThanOrEqual(1800);

    await db()
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(oidcPayloads.uid, sessionUid));
    const refreshed = await portal.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    await vi.waitFor(async () => expect(await secondsLeft()).toBeGreaterThan(1790));
    // oidc-provider checks the payload's own `exp`, so it moves with the row.
    const payloadExp = ((await sessionRow())?.payload as { exp?: number } | undefined)?.exp ?? 0;
    expect(payloadExp - Date.now() / 1000).toBeGreaterThan(1790);
  });

  it('extends a session without undoing a logout confirmation or the logout itself', async () => {
    const { jar, tokens } = await portal.signIn('mario.rossi', TEST_PASSWORD);
    const [refreshRow] = await db()
      .select()
      .from(oidcPayloads)
      .where(eq(oidcPayloads.id, tokens.refresh_token ?? ''));
    const sessionUid = (refreshRow?.payload as { sessionUid?: string } | undefined)?.sessionUid ?? '';
    // A token request's touch that read the session before the logout page opened, and writes after it.
    const readEarlier = await t.idp.provider.Session.findByUid(sessionUid);
    const query = new URLSearchParams({ client_id: 'portal', post_logout_redirect_uri: `${t.base}/` });
    const html = await (await jar.fetch(`${t.issuer}/session/end?${query}`)).text();
    expect(await extendSession(db(), sessionUid, sessionTtl(readEarlier?.loginTs))).toBe(true);

    const done = await jar.fetch(new URL(formAction(html) ?? '', t.base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: inputValue(html, 'xsrf') ?? '', logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    expect(await extendSession(db(), sessionUid, 1800)).toBe(false);
    const left = await db().select().from(oidcPayloads).where(eq(oidcPayloads.uid, sessionUid));
    expect(left).toEqual([]);
  });

  it('ends the session, redirects to post_logout_redirect_uri and revokes the tokens', async () => {
    const { jar, tokens } = await portal.signIn('mario.rossi', TEST_PASSWORD);
    const query = new URLSearchParams({
      client_id: 'portal',
      post_logout_redirect_uri: `${t.base}/`,
      state: 'bye',
    });
    const confirm = await jar.fetch(`${t.issuer}/session/end?${query}`);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toMatch(/<script nonce="[^"]+" src="\/idp\/assets\/auto-submit.js" defer><\/script>/);
    expect(cspOf(confirm).get('script-src')?.join(' ')).not.toContain('unsafe-inline');
    const script = await fetch(`${t.issuer}/assets/auto-submit.js`);
    expect(await script.text()).toContain('op.logoutForm');

    const done = await jar.fetch(new URL(formAction(html) ?? '', t.base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: inputValue(html, 'xsrf') ?? '', logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${t.base}/?state=bye`);
    const refresh = await portal.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refresh.status).toBe(400);
  });

  it('styles the signed-out and error pages under the same CSP', async () => {
    const success = await fetch(`${t.issuer}/session/end/success`, {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(success.status).toBe(200);
    expect(await success.text()).toContain('You are signed out');
    expect(cspOf(success).get('frame-ancestors')).toEqual([t.base]);

    const error = await fetch(`${t.issuer}/auth?client_id=unknown&response_type=code`);
    expect(error.status).toBe(400);
    const html = await error.text();
    expect(html).toContain('Si è verificato un errore');
    expect(html).toMatch(/<style nonce="[^"]+">/);
  });

  it('answers 429 to the sixth wrong password within the window', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await portal.submit(jar, loginUrl, 'anna.neri', `wrong-${attempt}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Username o password incorretti.');
    }
    const blocked = await portal.submit(jar, loginUrl, 'anna.neri', 'wrong-6');
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('Troppi tentativi di accesso. Riprova tra qualche minuto.');
    const evenRight = await portal.submit(jar, loginUrl, 'anna.neri', TEST_PASSWORD);
    expect(evenRight.status).toBe(429);
    // Another user from the same address is not blocked yet (20 per address).
    expect((await portal.signIn('mario.rossi', TEST_PASSWORD)).tokens.access_token).toBeTruthy();
  });

  it('keeps its signing keys across a restart', async () => {
    const again = await createEmbeddedIdp({
      config: t.config,
      db: t.database.db,
      logger: createMemoryLogger(),
    });
    expect(again.publicJwks).toEqual(t.idp.publicJwks);
  });

  it('ignores expired rows and marks consumed ones', async () => {
    const adapter = new DrizzleAdapter(t.database.db, 'AuthorizationCode');
    await adapter.upsert('gone', { grantId: 'g1' }, 0);
    expect(await adapter.find('gone')).toBeUndefined();
    await adapter.upsert('kept', { grantId: 'g1' }, 60);
    await adapter.consume('kept');
    expect((await adapter.find('kept'))?.consumed).toBeTypeOf('number');
    await adapter.revokeByGrantId('g1');
    expect(await adapter.find('kept')).toBeUndefined();
    const rows = await t.database.db.select().from(oidcPayloads);
    expect(rows.every((row) => row.grantId !== 'g1')).toBe(true);
  });
});
