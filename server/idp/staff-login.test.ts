import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { smsOutbox, totpFactors, users } from '../db/schema';
import {
  CookieJar,
  inputValue,
  startTestIdp,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestIdp,
  type TestUser,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';
import { TRUSTED_DEVICE_COOKIE } from './trusted-device';

const staff = (name: string, userType: string, extra: Partial<TestUser> = {}): TestUser => ({
  subject: `sub-${name}`,
  username: name,
  password: TEST_PASSWORD,
  userType,
  displayName: name,
  totpSecret: TEST_TOTP_SECRET,
  ...extra,
});

// One user per scenario: the failure counters and the last used step are per user.
const PEOPLE: readonly TestUser[] = [
  staff('phy.happy', 'PHY', { mobilePhone: '+39 347 0000201' }),
  staff('opt.sms', 'OPT', { mobilePhone: '+39 347 0000202' }),
  staff('adm.nophone', 'ADM'),
  staff('phy.new', 'PHY', { totpSecret: undefined }),
  staff('phy.late', 'PHY'),
  staff('phy.trust', 'PHY'),
  staff('phy.brute', 'PHY'),
];
const KEY = base32Decode(TEST_TOTP_SECRET) ?? Buffer.alloc(0);

let t: TestIdp;
let portal: PortalClient;
// A frozen clock moved only by `offsetMs`, so a test decides which 30-second step it is in.
let baseMs = Date.now();
let offsetMs = 0;
const now = (): Date => new Date(baseMs + offsetMs);
const codeAt = (stepOffset = 0): string => hotp(KEY, totpStep(now()) + stepOffset);

async function toSecondStep(username: string, jar = new CookieJar()) {
  const { loginUrl, verifier } = await portal.openLogin(jar);
  const posted = await portal.submit(jar, loginUrl, username, TEST_PASSWORD);
  return { jar, loginUrl, verifier, posted, html: posted.status === 303 ? '' : await posted.text() };
}

async function tokensAfter(jar: CookieJar, response: Response, verifier: string) {
  expect(response.status).toBe(303);
  const resumed = await jar.fetch(new URL(response.headers.get('location') ?? '', t.base).href);
  return portal.exchange(portal.codeFrom(resumed), verifier);
}

describe.each(databaseTargets)('staff login (password + authenticator code) on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(PEOPLE, location, { clock: now });
    portal = new PortalClient(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    baseMs = Date.now();
    offsetMs = 0;
  });

  it('asks for the code after the password, refuses a wrong one, signs in with the right one once', async () => {
    const { jar, loginUrl, verifier, posted, html } = await toSecondStep('phy.happy');
    expect(posted.status).toBe(200);
    expect(html).toContain('<h1>Verifica con l’app di autenticazione</h1>');
    expect(html).toMatch(
      /<label for="code">Codice dell’app di autenticazione<\/label>\s*<input id="code" name="code" type="text" class="code" inputmode="numeric" autocomplete="one-time-code"/,
    );
    expect(html).toContain('Ricorda questo dispositivo per 30 giorni');
    expect(html).toContain('Ricevi invece un codice via SMS');
    expect(await (await jar.fetch(`${loginUrl}?lang=en`)).text()).toContain(
      'Enter the 6-digit code your authenticator app shows for this account.',
    );
    await jar.fetch(`${loginUrl}?lang=it`);

    const wrong = await portal.submitCode(jar, loginUrl, codeAt() === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toMatch(
      /aria-invalid="true">[\s\S]*<p id="code-error" class="alert" role="alert">Codice non valido/,
    );
    const code = codeAt();
    const tokens = await tokensAfter(jar, await portal.submitCode(jar, loginUrl, code), verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'otp', 'mfa']);
    expect(await t.database.db.select().from(smsOutbox)).toHaveLength(0);

    // The same code again, on another login in the same 30 seconds: refused (it was used once).
    const again = await toSecondStep('phy.happy');
    const replayed = await portal.submitCode(again.jar, again.loginUrl, code);
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toContain('Codice non valido');
    // The next step's code is fine (one step either side is accepted).
    await tokensAfter(
      again.jar,
      await portal.submitCode(again.jar, again.loginUrl, codeAt(1)),
      again.verifier,
    );
  });

  it('refuses a login without the second factor', async () => {
    const { jar, loginUrl, posted, html } = await toSecondStep('phy.late');
    expect(posted.status).toBe(200);
    expect(html).toContain('id="totp-form"');
    const empty = await portal.submitCode(jar, loginUrl, '');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Codice non valido');
    // Resuming the authorization request does not sign in: it starts a new interaction at the password.
    const uid = new URL(loginUrl).pathname.split('/').pop() ?? '';
    const resumed = await jar.fetch(`${t.issuer}/auth/${uid}`);
    const location = resumed.headers.get('location') ?? '';
    expect(location).toMatch(/^\/idp\/interaction\//);
    expect(await (await jar.fetch(new URL(location, t.base).href)).text()).toContain(
      '<label for="password">',
    );
    // Nor is the code step reached without the password.
    const fresh = new CookieJar();
    const login = await portal.openLogin(fresh);
    expect((await portal.submitCode(fresh, login.loginUrl, codeAt())).status).toBe(400);
  });

  it('refuses a code whose step is past the window (90 s later)', async () => {
    const { jar, loginUrl } = await toSecondStep('phy.late');
    const code = codeAt();
    offsetMs = 90_000;
    const late = await portal.submitCode(jar, loginUrl, code);
    expect(await late.text()).toContain('Codice non valido');
    offsetMs = 0;
  });

  it('falls back to an SMS code when asked, and offers no fallback without a phone', async () => {
    const { jar, loginUrl, verifier } = await toSecondStep('opt.sms');
    const sms = await portal.requestOtp(jar, loginUrl);
    expect(sms.status).toBe(200);
    expect(await sms.text()).toContain('Ti abbiamo inviato un codice via SMS al numero ***0202.');
    const tokens = await tokensAfter(
      jar,
      await portal.submitCode(jar, loginUrl, await portal.latestCode('opt.sms')),
      verifier,
    );
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'sms', 'mfa']);

    const noPhone = await toSecondStep('adm.nophone');
    expect(noPhone.html).toContain('id="totp-form"');
    expect(noPhone.html).not.toContain('Ricevi invece un codice via SMS');
    expect((await portal.requestOtp(noPhone.jar, noPhone.loginUrl)).status).toBe(400);
  });

  it('enrols staff without a factor at first login, storing the key only once confirmed and encrypted', async () => {
    const { jar, loginUrl, verifier, html } = await toSecondStep('phy.new');
    expect(html).toContain('<h1>Attiva la verifica in due passaggi</h1>');
    const secret = inputValue(html, 'secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(html).toContain(`<code>${secret.match(/.{4}/g)?.join(' ')}</code>`);
    expect(html).toContain(`href="otpauth://totp/`);
    expect(html).toContain(`secret=${secret}&amp;issuer=`);
    expect(html).not.toContain('Ricevi invece un codice via SMS');
    // A reload shows the same key; the SMS cannot replace the enrolment.
    expect(inputValue(await (await jar.fetch(loginUrl)).text(), 'secret')).toBe(secret);
    expect((await portal.requestOtp(jar, loginUrl)).status).toBe(400);

    const key = base32Decode(secret) ?? Buffer.alloc(0);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'phy.new'));
    const factorOf = async () =>
      (
        await t.database.db
          .select()
          .from(totpFactors)
          .where(eq(totpFactors.userId, user?.id ?? 0))
      )[0];
    expect(Buffer.from((await factorOf())?.encryptedSecret ?? []).includes(key)).toBe(false);
    const wrong = await portal.submitCode(jar, loginUrl, hotp(key, totpStep(now()) + 3));
    expect(await wrong.text()).toContain('Codice non valido');
    expect((await factorOf())?.confirmedAt).toBeNull();

    const done = await portal.submitCode(jar, loginUrl, hotp(key, totpStep(now())));
    const tokens = await tokensAfter(jar, done, verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'otp', 'mfa']);
    expect((await factorOf())?.confirmedAt).not.toBeNull();
    // From now on the ordinary code page, with the key just confirmed.
    const next = await toSecondStep('phy.new');
    expect(next.html).toContain('<h1>Verifica con l’app di autenticazione</h1>');
    expect(next.html).not.toContain(secret);
    await tokensAfter(
      next.jar,
      await portal.submitCode(next.jar, next.loginUrl, hotp(key, totpStep(now()) + 1)),
      next.verifier,
    );
  });

  it('evaluates five of 25 parallel wrong codes and then refuses even the right one', async () => {
    const { jar, loginUrl } = await toSecondStep('phy.brute');
    const near = new Set([codeAt(-1), codeAt(), codeAt(1)]);
    const guesses = Array.from({ length: 30 }, (_, index) => String(index).padStart(6, '8'))
      .filter((guess) => !near.has(guess))
      .slice(0, 25);
    const responses = await Promise.all(guesses.map((guess) => portal.submitCode(jar, loginUrl, guess)));
    // The whole sorted list, so a failure shows any other answer among them.
    const statuses = responses.map((response) => response.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(20).fill(429)]);
    const right = await portal.submitCode(jar, loginUrl, codeAt());
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('900');
    expect(await right.text()).toContain('Troppi tentativi di accesso. Riprova tra qualche minuto.');
  });

  it('skips the code on a remembered device', async () => {
    const { jar, loginUrl, verifier } = await toSecondStep('phy.trust');
    const done = await portal.submitCode(jar, loginUrl, codeAt(), true);
    await tokensAfter(jar, done, verifier);
    const device = new CookieJar();
    device.set(TRUSTED_DEVICE_COOKIE, jar.get(TRUSTED_DEVICE_COOKIE) ?? '', '/idp');
    const trusted = await toSecondStep('phy.trust', device);
    const tokens = await tokensAfter(device, trusted.posted, trusted.verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'swk', 'mfa']);
  });
});
