import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { grantLiveness } from '../auth/grant-liveness';
import { databaseReplayStore } from '../auth/replay-store';
import { createTokenVerifier } from '../auth/token-verifier';
import { oidcPayloads } from '../db/schema';
import {
  CookieJar,
  cspOf,
  dpopKey,
  dpopProof,
  inputValue,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';

let t: TestIdp;
let portal: PortalClient;

const verifier = (requireDpop: boolean) =>
  createTokenVerifier({
    issuer: t.issuer,
    audience: t.config.apiAudience,
    jwks: t.idp.publicJwks,
    requireDpop,
    replayStore: databaseReplayStore(t.database.db),
    grantIsLive: grantLiveness(t.database.db),
  });

describe.each(databaseTargets)('embedded identity provider: sign-in on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
    portal = new PortalClient(t);
  });
  afterAll(async () => t?.close());

  it('publishes discovery under /idp', async () => {
    const response = await fetch(`${t.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(t.issuer);
    expect(metadata.token_endpoint).toBe(`${t.issuer}/token`);
    expect(metadata.end_session_endpoint).toBe(`${t.issuer}/session/end`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.dpop_signing_alg_values_supported).toContain('ES256');
  });

  it('renders the login page in Italian, with strict security headers and the demo accounts', async () => {
    const { page, html } = await portal.openLogin(new CookieJar());
    expect(page?.status).toBe(200);
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('<label for="username">Nome utente</label>');
    expect(html).toMatch(/<code>mario\.rossi<\/code><span>Paziente · Mario Rossi/);
    expect(html).not.toContain('anna.neri'); // not a demo account
    const csp = cspOf(page);
    expect(csp.get('script-src')?.join(' ')).toMatch(/^'nonce-[^']+'$/);
    expect(csp.get('frame-ancestors')).toEqual([t.base]);
    expect(csp.get('form-action')).toEqual(expect.arrayContaining(["'self'", t.base]));
    expect(page?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page?.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('speaks English on ui_locales=en, and after the language switch', async () => {
    const english = await portal.openLogin(new CookieJar(), { ui_locales: 'en' });
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain('<label for="username">Username</label>');

    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const switched = await jar.fetch(`${loginUrl}?lang=en`);
    expect(await switched.text()).toContain('<html lang="en">');
    expect(await (await jar.fetch(loginUrl)).text()).toContain('<html lang="en">'); // remembered
  });

  it('refuses wrong credentials, keeping the username and never echoing the password', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const response = await portal.submit(jar, loginUrl, 'mario.rossi', 'sbagliata-123');
    expect([200, 401]).toContain(response.status);
    const html = await response.text();
    expect(html).toContain(
      '<p id="login-error" class="alert" role="alert">Username o password incorretti.</p>',
    );
    expect(html).toContain('aria-describedby="login-error"');
    expect(inputValue(html, 'username')).toBe('mario.rossi');
    expect(html).not.toContain('sbagliata-123');
  });

  it('refuses a disabled user', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar, { ui_locales: 'en' });
    const html = await (await portal.submit(jar, loginUrl, 'spento', TEST_PASSWORD)).text();
    expect(html).toContain('Incorrect username or password.');
  });

  it('refuses code_challenge_method=plain', async () => {
    const { start } = await portal.openLogin(new CookieJar(), { code_challenge_method: 'plain' });
    const location = new URL(start.headers.get('location') ?? '', t.base);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('issues DPoP-bound JWT access tokens, rotates refresh tokens and revokes the grant on replay', async () => {
    const key = await dpopKey();
    const { tokens } = await portal.signIn('mario.rossi', TEST_PASSWORD, key);
    expect(tokens.token_type).toBe('DPoP');
    const access = decodeJwt(tokens.access_token ?? '');
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(300);
    expect(access.aud).toBe(t.config.apiAudience);
    expect(decodeJwt(tokens.id_token ?? '')).toMatchObject({ name: 'Mario Rossi', user_type: 'PAT' });

    const apiUrl = `${t.base}/api/me`;
    const proof = await dpopProof(key, { htm: 'GET', htu: apiUrl, accessToken: tokens.access_token });
    const headers = { authorization: `DPoP ${tokens.access_token}`, dpop: proof };
    const verified = await verifier(true)(new Request(apiUrl, { headers }));
    expect(verified.subject).toBe('sub-mario');
    // Strong login: password + SMS code.
    expect(verified.authenticationMethod).toBe('pwd sms mfa');
    expect((verified.claims.cnf as { jkt: string }).jkt).toBeTruthy();
    const asBearer = new Request(apiUrl, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    await expect(verifier(false)(asBearer)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const first = tokens.refresh_token ?? '';
    const refreshed = await portal.tokenRequest({ grant_type: 'refresh_token', refresh_token: first }, key);
    expect(refreshed.status).toBe(200);
    const second = ((await refreshed.json()) as Record<string, string>).refresh_token ?? '';
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const rowOf = async (id: string) =>
      (await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, id)))[0];
    const secondRow = await rowOf(second);
    const grantId = secondRow?.grantId ?? '';
    expect(await rowOf(grantId)).toBeDefined();
    const ttl = ((secondRow?.expiresAt?.getTime() ?? 0) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(1790); // idle limit: 30 minutes
    expect(ttl).toBeLessThanOrEqual(1800);

    const replay = await portal.tokenRequest({ grant_type: 'refresh_token', refresh_token: first }, key);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    const afterReplay = await portal.tokenRequest(
      { grant_type: 'refresh_token', refresh_token: second },
      key,
    );
    expect(afterReplay.status).toBe(400);
    expect(await rowOf(grantId)).toBeUndefined();
    expect(await rowOf(second)).toBeUndefined();
  });

  it('issues bearer tokens without DPoP, which the verifier accepts unless DPoP is required', async () => {
    const { tokens } = await portal.signIn('anna.neri', TEST_PASSWORD);
    expect(tokens.token_type).toBe('Bearer');
    const request = (): Request =>
      new Request(`${t.base}/api/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await verifier(false)(request())).subject).toBe('sub-anna');
    await expect(verifier(true)(request())).rejects.toMatchObject({ status: 401 });
  });
});
