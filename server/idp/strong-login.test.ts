import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { smsOutbox, trustedDevices } from '../db/schema';
import type { SmsSender } from '../services/sms/outbox';
import {
  CookieJar,
  cspOf,
  startTestIdp,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestIdp,
  type TestUser,
} from '../test/idp';
import { PortalClient } from '../test/idp-flow';
import { TRUSTED_DEVICE_COOKIE } from './trusted-device';

const patient = (name: string, phone: string | undefined, userType = 'PAT'): TestUser => ({
  subject: `sub-${name}`,
  username: name,
  password: TEST_PASSWORD,
  userType,
  displayName: name,
  ...(phone ? { mobilePhone: phone } : {}),
});

// One user per scenario: failure counters and code cooldowns are per user.
const PEOPLE: readonly TestUser[] = [
  { ...patient('anna.medico', undefined, 'PHY'), totpSecret: TEST_TOTP_SECRET },
  patient('pat.happy', '+39 333 0000101'),
  patient('pat.brute', '+39 333 0000102'),
  patient('pat.late', '+39 333 0000103'),
  patient('pat.resend', '+39 333 0000104'),
  patient('pat.trust', '+39 333 0000105'),
  patient('gue.trust', '+39 340 0000106', 'GUE'),
  patient('pat.nophone', undefined),
  patient('pat.broken', '+39 333 0000108'),
];

let t: TestIdp;
let portal: PortalClient;
// The codes' clock is frozen at the start of each test and moved only by `offsetMs`: on a loaded machine
// real seconds pass between two requests, and the cooldown figures must not depend on them.
let baseMs = Date.now();
let offsetMs = 0;
const sender: SmsSender & { failing: boolean } = {
  name: 'switchable',
  failing: false,
  async send() {
    if (sender.failing) throw new Error('gateway down');
  },
};

async function toCodePage(username: string, jar = new CookieJar()) {
  const { loginUrl, verifier } = await portal.openLogin(jar);
  const posted = await portal.submit(jar, loginUrl, username, TEST_PASSWORD);
  return { jar, loginUrl, verifier, posted, html: await posted.text() };
}

async function tokensAfter(jar: CookieJar, response: Response, verifier: string) {
  expect(response.status).toBe(303);
  const resumed = await jar.fetch(new URL(response.headers.get('location') ?? '', t.base).href);
  return portal.exchange(portal.codeFrom(resumed), verifier);
}

async function smsCount(phone: string): Promise<number> {
  return (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))).length;
}

describe.each(databaseTargets)('strong login (password + SMS code) on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(PEOPLE, location, {
      clock: () => new Date(baseMs + offsetMs),
      smsSender: sender,
    });
    portal = new PortalClient(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    baseMs = Date.now();
    offsetMs = 0;
  });

  it('lets staff in with the password and the authenticator code, not the SMS code', async () => {
    const { tokens } = await portal.signIn('anna.medico', TEST_PASSWORD);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('asks a patient for the SMS code, refuses a wrong one and signs in with the right one', async () => {
    const { jar, loginUrl, verifier, posted, html } = await toCodePage('pat.happy');
    expect(posted.status).toBe(200);
    expect(html).toContain('Ti abbiamo inviato un codice via SMS al numero ***0101.');
    expect(html).toMatch(/<input id="code" name="code"[^>]*inputmode="numeric" autocomplete="one-time-code"/);
    expect(html).toContain('Ricorda questo dispositivo per 30 giorni');
    expect(html).toContain(`action="${new URL(loginUrl).pathname}/otp/requestOtp"`);
    expect(html).toContain('data-wait="60"');
    expect(html).toMatch(/<script nonce="[^"]+" src="\/idp\/assets\/otp-resend.js" defer>/);
    expect(cspOf(posted).get('script-src')?.join(' ')).not.toContain('unsafe-inline');
    expect(await (await fetch(`${t.issuer}/assets/otp-resend.js`)).text()).toContain('data-wait');
    expect(html).toContain(`href="${t.base}/dev/sms"`);

    // The language switch re-renders the code step, not the password step.
    const english = await (await jar.fetch(`${loginUrl}?lang=en`)).text();
    expect(english).toContain('We sent a code by SMS to the number ***0101.');
    await jar.fetch(`${loginUrl}?lang=it`);

    const code = await portal.latestCode('pat.happy');
    const wrong = await portal.submitCode(jar, loginUrl, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain(
      '<p id="code-error" class="alert" role="alert">Credenziali errate</p>',
    );
    const tokens = await tokensAfter(jar, await portal.submitCode(jar, loginUrl, code), verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'sms', 'mfa']);
    expect(jar.get(TRUSTED_DEVICE_COOKIE)).toBeUndefined();
  });

  it('refuses the code step without the password step, and a new login within the cooldown sends nothing', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const skipped = await portal.submitCode(jar, loginUrl, '123456');
    expect(skipped.status).toBe(400);
    expect(await skipped.text()).toContain('<label for="password">');
    expect((await portal.requestOtp(jar, loginUrl)).status).toBe(400);

    const first = await toCodePage('pat.resend');
    const firstCode = await portal.latestCode('pat.resend');
    // A second login attempt 20 s later: no second SMS, and the first code does not fit this login.
    offsetMs = 20_000;
    const second = await toCodePage('pat.resend');
    expect(await smsCount('+39 333 0000104')).toBe(1);
    expect(second.html).toContain('Richiedi il codice di verifica: lo invieremo via SMS al numero ***0104.');
    expect(second.html).toContain('data-wait="40"');
    const tooSoon = await portal.requestOtp(second.jar, second.loginUrl);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('40');
    expect(await tooSoon.text()).toContain('Attendi 40 secondi prima di richiedere un nuovo codice.');
    const borrowed = await portal.submitCode(second.jar, second.loginUrl, firstCode);
    expect(await borrowed.text()).toContain('Credenziali errate');

    offsetMs = 61_000;
    const resent = await portal.requestOtp(second.jar, second.loginUrl);
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain('Ti abbiamo inviato un nuovo codice.');
    expect(await smsCount('+39 333 0000104')).toBe(2);
    const secondCode = await portal.latestCode('pat.resend');
    // The resend replaced the first login's code.
    expect(await (await portal.submitCode(first.jar, first.loginUrl, firstCode)).text()).toContain(
      'Credenziali errate',
    );
    await tokensAfter(
      second.jar,
      await portal.submitCode(second.jar, second.loginUrl, secondCode),
      second.verifier,
    );
    offsetMs = 0;
  });

  it('refuses a code after ten minutes', async () => {
    const { jar, loginUrl } = await toCodePage('pat.late');
    const code = await portal.latestCode('pat.late');
    offsetMs = 10 * 60_000;
    const late = await portal.submitCode(jar, loginUrl, code);
    expect(await late.text()).toContain('Il codice è scaduto: richiedine uno nuovo.');
    offsetMs = 0;
  });

  it('invalidates the code at the fifth wrong one and then blocks the user for the window', async () => {
    const { jar, loginUrl } = await toCodePage('pat.brute');
    const code = await portal.latestCode('pat.brute');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await (await portal.submitCode(jar, loginUrl, wrong)).text()).toContain('Credenziali errate');
    }
    const fifth = await portal.submitCode(jar, loginUrl, wrong);
    expect(await fifth.text()).toContain('Troppi codici errati: richiedi un nuovo codice.');
    const right = await portal.submitCode(jar, loginUrl, code);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain('Troppi tentativi di accesso. Riprova tra qualche minuto.');
    const again = await toCodePage('pat.brute');
    expect(again.posted.status).toBe(429);
  });

  it('remembers a device for 30 days, for that user only', async () => {
    const { jar, loginUrl, verifier } = await toCodePage('pat.trust');
    const code = await portal.latestCode('pat.trust');
    const done = await portal.submitCode(jar, loginUrl, code, true);
    const cookie = done.headers.getSetCookie().find((line) => line.startsWith(`${TRUSTED_DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/; Path=\/idp; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    await tokensAfter(jar, done, verifier);
    const token = jar.get(TRUSTED_DEVICE_COOKIE) ?? '';
    const [row] = await t.database.db.select().from(trustedDevices);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    // The same browser another day (its IdP session gone, the device cookie kept).
    const sms = await smsCount('+39 333 0000105');
    const device = new CookieJar();
    device.set(TRUSTED_DEVICE_COOKIE, token, '/idp');
    const trusted = await toCodePage('pat.trust', device);
    const tokens = await tokensAfter(device, trusted.posted, trusted.verifier);
    expect(decodeJwt(tokens.access_token ?? '').amr).toEqual(['pwd', 'swk', 'mfa']);
    expect(await smsCount('+39 333 0000105')).toBe(sms);

    const otherUser = new CookieJar();
    otherUser.set(TRUSTED_DEVICE_COOKIE, token, '/idp');
    expect((await toCodePage('gue.trust', otherUser)).html).toContain('/loginstrong"');

    const forged = new CookieJar();
    forged.set(TRUSTED_DEVICE_COOKIE, 'A'.repeat(43), '/idp');
    expect((await toCodePage('pat.trust', forged)).html).toContain('/loginstrong"');

    offsetMs = 30 * 24 * 3600_000 + 1000;
    const expired = new CookieJar();
    expired.set(TRUSTED_DEVICE_COOKIE, token, '/idp');
    expect((await toCodePage('pat.trust', expired)).html).toContain('/loginstrong"');
    offsetMs = 0;
  });

  it('explains a missing phone and turns an unexpected failure into "Errore nel login"', async () => {
    const noPhone = await toCodePage('pat.nophone');
    expect(noPhone.html).toContain('Errore nel login: nessun numero di cellulare registrato');
    expect(noPhone.html).toContain('<label for="password">');

    sender.failing = true;
    const broken = await toCodePage('pat.broken');
    sender.failing = false;
    expect(broken.posted.status).toBe(500);
    expect(broken.html).toContain('<h1>Errore nel login</h1>');
  });
});
