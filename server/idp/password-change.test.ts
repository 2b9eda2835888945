import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { users } from '../db/schema';
import {
  CookieJar,
  cspOf,
  formAction,
  startTestIdp,
  TEST_PASSWORD,
  type TestIdp,
  type TestUser,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';

const guest = (name: string, phone: string): TestUser => ({
  subject: `sub-${name}`,
  username: name,
  password: TEST_PASSWORD,
  userType: 'GUE',
  displayName: name,
  mobilePhone: phone,
});

// One user per scenario; all but `gue.settled` hold a temporary password (TEST_PASSWORD).
const PEOPLE: readonly TestUser[] = [
  guest('gue.page', '+39 340 0000201'),
  guest('gue.rules', '+39 340 0000202'),
  guest('gue.done', '+39 340 0000203'),
  guest('gue.settled', '+39 340 0000204'),
  guest('gue.skip', '+39 340 0000205'),
  guest('gue.trust', '+39 340 0000206'),
];
const FLAGGED = ['gue.page', 'gue.rules', 'gue.done', 'gue.skip', 'gue.trust'];
const NEW_PASSWORD = 'Nuova-chiave-77';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestIdp;
let portal: PortalClient;

/** Password and SMS code of a fresh interaction: answers the response to the code. */
async function pastTheCode(username: string, password = TEST_PASSWORD, jar = new CookieJar()) {
  const { loginUrl, verifier } = await portal.openLogin(jar);
  const posted = await portal.submit(jar, loginUrl, username, password);
  expect(await posted.text()).toContain('/loginstrong"');
  const coded = await portal.submitCode(jar, loginUrl, await portal.latestCode(username));
  return { jar, loginUrl, verifier, coded };
}

function choose(jar: CookieJar, loginUrl: string, newPassword: string, confirmPassword = newPassword) {
  return jar.fetch(`${loginUrl}/password`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ newPassword, confirmPassword }),
  });
}

async function userRow(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

describe.each(databaseTargets)('new password at the first login on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(PEOPLE, location);
    portal = new PortalClient(t);
    for (const username of FLAGGED)
      await t.database.db
        .update(users)
        .set({ passwordChangeRequired: true })
        .where(eq(users.username, username));
  });
  afterAll(async () => t?.close());

  it('asks for a new password once the code is right, and keeps asking until it is chosen', async () => {
    const { jar, loginUrl, coded } = await pastTheCode('gue.page');
    expect(coded.status).toBe(200);
    const html = await coded.text();
    expect(html).toContain('<h1>Scegli una nuova password</h1>');
    expect(formAction(html)).toBe(`${new URL(loginUrl).pathname}/password`);
    expect(html).toContain('autocomplete="new-password"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const nonce = html.match(/<style nonce="([^"]+)"/)?.[1];
    expect(cspOf(coded).get('style-src')?.join(' ')).toContain(`'nonce-${nonce}'`);

    // Reloading, or switching language, shows the same step, translated.
    const english = await jar.fetch(`${loginUrl}?lang=en`);
    expect(await english.text()).toContain('<h1>Choose a new password</h1>');
    // The code cannot be replayed to get past it, and no session exists yet.
    const replay = await portal.submitCode(jar, loginUrl, await portal.latestCode('gue.page'));
    expect(replay.status).not.toBe(303);
    const again = await portal.openLogin(jar);
    expect(again.html).toContain('id="username"');
    expect((await userRow('gue.page')).passwordChangeRequired).toBe(true);
  });

  it('follows a remembered device too: the code is skipped, the new password is not', async () => {
    const jar = new CookieJar();
    const first = await portal.openLogin(jar);
    await portal.submit(jar, first.loginUrl, 'gue.trust', TEST_PASSWORD);
    const coded = await portal.submitCode(jar, first.loginUrl, await portal.latestCode('gue.trust'), true);
    expect(await coded.text()).toContain('<h1>Scegli una nuova password</h1>');
    // Abandoned there; the next login on this device skips the code but not the new password.
    const second = await portal.openLogin(jar);
    const posted = await portal.submit(jar, second.loginUrl, 'gue.trust', TEST_PASSWORD);
    const html = await posted.text();
    expect(html).not.toContain('/loginstrong"');
    expect(html).toContain('<h1>Scegli una nuova password</h1>');
    const done = await choose(jar, second.loginUrl, NEW_PASSWORD);
    const resumed = await jar.fetch(new URL(done.headers.get('location') ?? '', t.base).href);
    const tokens = await portal.exchange(portal.codeFrom(resumed), second.verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'swk', 'mfa']);
  });

  it('cannot be reached without the password and the code of this interaction', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const before = (await userRow('gue.skip')).passwordHash;
    const direct = await choose(jar, loginUrl, NEW_PASSWORD);
    expect(direct.status).toBe(400);
    expect(await direct.text()).toContain('id="username"');
    // After the password only: still the code page.
    await portal.submit(jar, loginUrl, 'gue.skip', TEST_PASSWORD);
    const early = await choose(jar, loginUrl, NEW_PASSWORD);
    expect(early.status).not.toBe(303);
    expect(await early.text()).toContain('/loginstrong"');
    const row = await userRow('gue.skip');
    expect(row.passwordHash).toBe(before);
    expect(row.passwordChangeRequired).toBe(true);
  });

  it('refuses weak, mismatching and temporary passwords with the reason, echoing none of them', async () => {
    const { jar, loginUrl } = await pastTheCode('gue.rules');
    const cases: [string, string, string][] = [
      ['', '', 'Inserisci la nuova password e la conferma.'],
      ['corta12345', 'corta12345', 'almeno 12 caratteri'],
      ['password1234', 'password1234', 'una delle password più usate'],
      ['io sono gue.rules!', 'io sono gue.rules!', 'non può contenere il tuo nome'],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, 'Le due password non coincidono.'],
      [TEST_PASSWORD, TEST_PASSWORD, 'La nuova password deve essere diversa da quella temporanea.'],
      [TEST_PASSWORD, '', 'La nuova password deve essere diversa da quella temporanea.'],
    ];
    for (const [password, confirmation, message] of cases) {
      const refused = await choose(jar, loginUrl, password, confirmation);
      expect(refused.status).toBe(200);
      const html = await refused.text();
      expect(html).toContain('role="alert"');
      expect(html).toContain(message);
      if (password) expect(html).not.toContain(password);
    }
    const english = await jar.fetch(`${loginUrl}/password`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ newPassword: 'short1', confirmPassword: 'short1', lang: 'en' }),
    });
    expect(await english.text()).toContain('The password must have at least 12 characters.');
    const row = await userRow('gue.rules');
    expect(row.passwordChangeRequired).toBe(true);
  });

  it('stores the new password, clears the flag and finishes the login like any other', async () => {
    const { jar, loginUrl, verifier } = await pastTheCode('gue.done');
    const done = await choose(jar, loginUrl, NEW_PASSWORD);
    expect(done.status).toBe(303);
    const resumed = await jar.fetch(new URL(done.headers.get('location') ?? '', t.base).href);
    const tokens = await portal.exchange(portal.codeFrom(resumed), verifier);
    const claims = decodeJwt(tokens.access_token ?? '');
    expect(claims.sub).toBe('sub-gue.done');
    expect(claims.amr).toEqual(['pwd', 'sms', 'mfa']);
    expect((await userRow('gue.done')).passwordChangeRequired).toBe(false);

    // Next time: the new password works (no new-password page), the temporary one no longer does.
    const next = await pastTheCode('gue.done', NEW_PASSWORD);
    expect(next.coded.status).toBe(303);
    const old = new CookieJar();
    const { loginUrl: oldUrl } = await portal.openLogin(old);
    const refused = await portal.submit(old, oldUrl, 'gue.done', TEST_PASSWORD);
    expect(await refused.text()).toContain('Username o password incorretti.');
  });

  it('shows no new-password page to a user without the flag', async () => {
    const { coded } = await pastTheCode('gue.settled');
    expect(coded.status).toBe(303);
    const { tokens } = await portal.signIn('gue.settled', TEST_PASSWORD);
    expect(decodeJwt(tokens.access_token ?? '').sub).toBe('sub-gue.settled');
  });
  it('records a login only when it finishes, and keeps the one before (the start of "new" on the home)', async () => {
    // gue.page was asked for a new password and never chose one: no session, no login recorded.
    expect((await userRow('gue.page')).lastLoginAt).toBeNull();
    await portal.signIn('gue.settled', TEST_PASSWORD);
    const first = (await userRow('gue.settled')).lastLoginAt;
    expect(first).toBeInstanceOf(Date);
    await portal.signIn('gue.settled', TEST_PASSWORD);
    const after = await userRow('gue.settled');
    expect(after.previousLoginAt?.getTime()).toBe(first?.getTime());
    expect(after.lastLoginAt?.getTime() ?? 0).toBeGreaterThanOrEqual(
      first?.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });
});
