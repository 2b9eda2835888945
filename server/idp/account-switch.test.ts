import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { grantLiveness } from '../auth/grant-liveness';
import { databaseReplayStore } from '../auth/replay-store';
import { createTokenVerifier, type TokenVerifier, type VerifiedToken } from '../auth/token-verifier';
import {
  type DpopKey,
  dpopKey,
  dpopProof,
  formAction,
  inputValue,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';

let t: TestIdp;
let portal: PortalClient;

const api = (): TokenVerifier =>
  createTokenVerifier({
    issuer: t.issuer,
    audience: t.config.apiAudience,
    jwks: t.idp.publicJwks,
    requireDpop: true,
    replayStore: databaseReplayStore(t.database.db),
    grantIsLive: grantLiveness(t.database.db),
  });

async function call(key: DpopKey, accessToken: string): Promise<VerifiedToken> {
  const url = `${t.base}/api/me`;
  const proof = await dpopProof(key, { htm: 'GET', htu: url, accessToken });
  return api()(new Request(url, { headers: { authorization: `DPoP ${accessToken}`, dpop: proof } }));
}

async function signedIn(): Promise<{ key: DpopKey; tokens: Record<string, string>; token: VerifiedToken }> {
  const key = await dpopKey();
  const { tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
  return { key, tokens, token: await call(key, tokens.access_token ?? '') };
}

const from = (token: VerifiedToken) => ({
  subject: token.subject,
  grantId: token.grantId ?? '',
  jkt: token.jkt ?? null,
});

describe.each(databaseTargets)('account switch at the embedded IdP on $name', ({ location }) => {
  // Each authenticator code works once: every test signs in on the next 30-second step of the IdP's clock.
  let clockMs = Date.now();
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location, { clock: () => new Date(clockMs) });
    portal = new PortalClient(t);
  });
  beforeEach(() => {
    clockMs += 30_000;
  });
  afterAll(async () => t?.close());

  it('mints DPoP-bound tokens for the chosen account on the same session and ends the old ones', async () => {
    const { key, tokens, token } = await signedIn();
    expect(token).toMatchObject({
      subject: 'sub-anna',
      grantId: expect.any(String),
      jkt: expect.any(String),
    });
    const switched = await t.idp.switchAccount(from(token), 'sub-mario');
    expect(switched).toMatchObject({
      token_type: 'DPoP',
      expires_in: 300,
      scope: expect.stringContaining('profile'),
    });
    expect(switched?.scope.split(' ')).not.toContain('openid');
    const next = await call(key, switched?.access_token ?? '');
    expect(next).toMatchObject({ subject: 'sub-mario', jkt: token.jkt });
    expect(next.grantId).not.toBe(token.grantId);
    // The login's strength travels with it: the switched token still says how the session signed in.
    expect(next.claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
    // The other key cannot use the new token; the old access and refresh tokens are dead.
    await expect(call(await dpopKey(), switched?.access_token ?? '')).rejects.toMatchObject({ status: 401 });
    await expect(call(key, tokens.access_token ?? '')).rejects.toMatchObject({ status: 401 });
    const oldRefresh = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' },
      key,
    );
    expect(oldRefresh.status).toBe(400);

    // The new refresh token renews the switched account (no ID token: its `sub` would change).
    const renewed = await portal.tokenRequest(
      {
        grant_type: 'refresh_token',
        refresh_token: switched?.refresh_token ?? '',
        scope: switched?.scope ?? '',
      },
      key,
    );
    expect(renewed.status).toBe(200);
    const body = (await renewed.json()) as Record<string, string>;
    expect(body.id_token).toBeUndefined();
    expect(decodeJwt(body.access_token ?? '').sub).toBe('sub-mario');
    expect((await call(key, body.access_token ?? '')).subject).toBe('sub-mario');
    // Not with another key.
    const stolen = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: body.refresh_token ?? '' },
      await dpopKey(),
    );
    expect(stolen.status).toBe(400);
  });

  it('lets one of 20 simultaneous switches win; the others get nothing and nothing breaks', async () => {
    const { key, token } = await signedIn();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.idp.switchAccount(from(token), 'sub-mario')),
    );
    const won = results.filter((result) => result !== null);
    expect(won).toHaveLength(1);
    expect((await call(key, won[0]?.access_token ?? '')).subject).toBe('sub-mario');
  });

  it('ends the switched tokens at logout', async () => {
    const key = await dpopKey();
    const { jar, tokens } = await portal.signIn('anna.neri', TEST_PASSWORD, key);
    const token = await call(key, tokens.access_token ?? '');
    const switched = await t.idp.switchAccount(from(token), 'sub-mario');
    expect((await call(key, switched?.access_token ?? '')).subject).toBe('sub-mario');
    const confirm = await jar.fetch(`${t.issuer}/session/end?client_id=portal`);
    const html = await confirm.text();
    const done = await jar.fetch(new URL(formAction(html) ?? '', t.base).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: inputValue(html, 'xsrf') ?? '', logout: 'yes' }),
    });
    expect(done.status).toBe(303);
    await expect(call(key, switched?.access_token ?? '')).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a switch from a token whose key does not match its refresh token', async () => {
    const { token } = await signedIn();
    expect(await t.idp.switchAccount({ ...from(token), jkt: 'another-key' }, 'sub-mario')).toBeNull();
    expect(await t.idp.switchAccount({ ...from(token), grantId: 'no-such-grant' }, 'sub-mario')).toBeNull();
  });
});
