import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { loginAttempts, passkeys, smsOutbox, users } from '../db/schema';
import { createMemoryLogger } from '../logger';
import { registerPasskey, registrationOptions, relyingPartyOf } from '../services/security/passkeys';
import { SoftAuthenticator } from '../services/security/passkeys/soft-authenticator';
import {
  CookieJar,
  startTestIdp,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestIdp,
  type TestUser,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const person = (username: string, userType: string, extra: Partial<TestUser> = {}): TestUser => ({
  subject: `sub-${username}`,
  username,
  password: TEST_PASSWORD,
  userType,
  displayName: username,
  ...extra,
});
const PEOPLE: readonly TestUser[] = [
  person('pat.key', 'PAT', { mobilePhone: '+39 333 0000301' }),
  person('pat.nokey', 'PAT', { mobilePhone: '+39 333 0000302' }),
  person('pat.par', 'PAT', { mobilePhone: '+39 333 0000303' }),
  person('phy.key', 'PHY', { totpSecret: TEST_TOTP_SECRET }),
];

let t: TestIdp;
let portal: PortalClient;

async function enrol(username: string): Promise<SoftAuthenticator> {
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(username);
  const rp = relyingPartyOf(t.config);
  const authenticator = new SoftAuthenticator(rp.origin);
  const options = await registrationOptions(t.database.db, rp, user);
  await registerPasskey(
    t.database.db,
    { rp, logger: createMemoryLogger() },
    {
      user,
      response: authenticator.register(options),
      name: 'Telefono',
    },
  );
  return authenticator;
}

async function optionsFor(jar: CookieJar, loginUrl: string): Promise<Response> {
  return jar.fetch(`${loginUrl}/passkey/options`, { method: 'POST', headers: FORM, body: '' });
}

function postAssertion(jar: CookieJar, loginUrl: string, response: unknown): Promise<Response> {
  const body = new URLSearchParams({ response: JSON.stringify(response), lang: 'it' });
  return jar.fetch(`${loginUrl}/passkey`, { method: 'POST', headers: FORM, body });
}

async function amrAfter(jar: CookieJar, posted: Response, verifier: string) {
  expect(posted.status).toBe(303);
  const resumed = await jar.fetch(new URL(posted.headers.get('location') ?? '', t.base).href);
  const tokens = await portal.exchange(portal.codeFrom(resumed), verifier);
  return decodeJwt(tokens.access_token ?? '');
}

describe.each(databaseTargets)('passkey login at the IdP on $name', ({ location }) => {
  let key: SoftAuthenticator;
  let staffKey: SoftAuthenticator;
  beforeAll(async () => {
    t = await startTestIdp(PEOPLE, location);
    portal = new PortalClient(t);
    key = await enrol('pat.key');
    staffKey = await enrol('phy.key');
  });
  afterAll(async () => t?.close());

  it('offers a passkey on the login page, serving the browser library from the IdP', async () => {
    const { html } = await portal.openLogin(new CookieJar());
    expect(html).toContain('Accedi con una passkey');
    expect(html).toMatch(/<script nonce="[^"]+" src="\/idp\/assets\/webauthn-browser.js" defer>/);
    expect(html).toMatch(/<script nonce="[^"]+" src="\/idp\/assets\/passkey.js" defer>/);
    expect(await (await fetch(`${t.issuer}/assets/webauthn-browser.js`)).text()).toContain(
      'SimpleWebAuthnBrowser',
    );
    expect(await (await fetch(`${t.issuer}/assets/passkey.js`)).text()).toContain('startAuthentication');
  });

  it('takes a passkey instead of the SMS code, sending no SMS, with the strength of the SMS path', async () => {
    const jar = new CookieJar();
    const { loginUrl, verifier } = await portal.openLogin(jar);
    const page = await (await portal.submit(jar, loginUrl, 'pat.key', TEST_PASSWORD)).text();
    expect(page).toContain('Usa una passkey');
    expect(page).toContain('id="resend"');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'pat.key'));
    expect(
      await t.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.toPhone, user?.mobilePhone ?? '')),
    ).toHaveLength(0);
    const options = (await (await optionsFor(jar, loginUrl)).json()) as {
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const claims = await amrAfter(
      jar,
      await postAssertion(jar, loginUrl, key.assert(options as never)),
      verifier,
    );
    expect(claims.amr).toEqual(['pwd', 'pop', 'mfa']);
    expect(claims.sub).toBe('sub-pat.key');
  });

  it('takes a passkey instead of the staff TOTP', async () => {
    const jar = new CookieJar();
    const { loginUrl, verifier } = await portal.openLogin(jar);
    const page = await (await portal.submit(jar, loginUrl, 'phy.key', TEST_PASSWORD)).text();
    expect(page).toContain('id="totp-form"');
    expect(page).toContain('Usa una passkey');
    const options = await (await optionsFor(jar, loginUrl)).json();
    const claims = await amrAfter(
      jar,
      await postAssertion(jar, loginUrl, staffKey.assert(options)),
      verifier,
    );
    expect(claims.amr).toEqual(['pwd', 'pop', 'mfa']);
  });

  it('signs in passwordless with a discoverable credential', async () => {
    const jar = new CookieJar();
    const { loginUrl, verifier } = await portal.openLogin(jar);
    const options = (await (await optionsFor(jar, loginUrl)).json()) as { allowCredentials?: unknown };
    expect(options.allowCredentials).toBeUndefined();
    const claims = await amrAfter(
      jar,
      await postAssertion(jar, loginUrl, key.assert(options as never)),
      verifier,
    );
    expect(claims.sub).toBe('sub-pat.key');
    expect(claims.amr).toEqual(['pop', 'mfa']);
  });

  it("refuses another user's passkey as the second factor, and a user without one gets the SMS only", async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const page = await (await portal.submit(jar, loginUrl, 'pat.nokey', TEST_PASSWORD)).text();
    expect(page).not.toContain('Usa una passkey');
    expect((await optionsFor(jar, loginUrl)).status).toBe(404);
    // pat.key's passkey answering a challenge of its own cannot finish pat.nokey's login either.
    const other = new CookieJar();
    const start = await portal.openLogin(other);
    const options = await (await optionsFor(other, start.loginUrl)).json();
    const refused = await postAssertion(jar, loginUrl, key.assert(options));
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('La passkey non è stata accettata');
  });

  it('lets one of 30 parallel posts of one assertion through, and counts the rest', async () => {
    const authenticator = await enrol('pat.par');
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const options = await (await optionsFor(jar, loginUrl)).json();
    const answer = authenticator.assert(options);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => postAssertion(jar, loginUrl, answer).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.every((status) => status === 303 || status === 200 || status === 429)).toBe(true);
    // Passwordless names no user before the check: the address's 20 attempts in the window bound the looks
    // (the one success gives its attempt back, so one more may pass).
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(9);
  });

  it('refuses a removed passkey', async () => {
    await t.database.db.delete(passkeys).where(eq(passkeys.credentialId, staffKey.id));
    await t.database.db.delete(loginAttempts);
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const options = await (await optionsFor(jar, loginUrl)).json();
    const refused = await postAssertion(jar, loginUrl, staffKey.assert(options));
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('oppure accedi con nome utente e password');
  });
});
