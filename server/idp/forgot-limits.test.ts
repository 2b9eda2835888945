import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { oneTimeCodes, securityEvents, users } from '../db/schema';
import { ForgotClient } from '../test/forgot-flow';
import { CookieJar, startTestIdp, TEST_PASSWORD, type TestIdp, type TestUser } from '../test/idp';

const NEW_PASSWORD = 'cavallo batteria graffetta';
const patient = (username: string, phone: string): TestUser => ({
  subject: `sub-${username}`,
  username,
  password: TEST_PASSWORD,
  userType: 'PAT',
  displayName: username,
  mobilePhone: phone,
});
// One account per scenario: the counters are per account (5 in 15 minutes, as for the login).
const PEOPLE: readonly TestUser[] = [
  patient('pat.flood', '+39 333 5552001'),
  patient('pat.guess', '+39 333 5552002'),
  patient('pat.race', '+39 333 5552003'),
  patient('pat.twice', '+39 333 5552004'),
];

let t: TestIdp;
let forgot: ForgotClient;

/** A browser of its own address (the IdP believes the test's X-Forwarded-For): 20 attempts per address. */
const browser = (address: string): CookieJar => new CookieJar({ 'x-forwarded-for': address });

const histogram = (statuses: number[]): Record<number, number> =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});
const idOf = async (username: string): Promise<number> =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;

describe.each(databaseTargets)('forgotten password under 30 parallel requests on $name', ({ location }) => {
  beforeAll(async () => {
    t = await startTestIdp(PEOPLE, location, { config: { trustProxy: ['127.0.0.1'] } });
    forgot = new ForgotClient(t);
  });
  afterAll(async () => t?.close());

  it('lets 5 of 30 parallel requests through for an account, as for an unknown name, and floods no phone', async () => {
    const flood = async (identifier: string, address: string) => {
      const start = await forgot.open(browser(address));
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => forgot.post(start.jar, start.loginUrl, '', { identifier })),
      );
      return histogram(responses.map((response) => response.status));
    };
    const known = await flood('pat.flood', '198.51.100.1');
    const unknown = await flood('nobody.here', '198.51.100.2');
    expect(known).toEqual({ 200: 5, 429: 25 });
    expect(unknown).toEqual(known);
    const sent = (await forgot.smsTo('pat.flood')).filter((sms) => sms.purpose === 'password-reset');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(5);
  });

  it('compares at most 4 of 30 parallel wrong codes (the identifier took the fifth attempt), then refuses the right one', async () => {
    const start = await forgot.open(browser('198.51.100.3'));
    await forgot.post(start.jar, start.loginUrl, '', { identifier: 'pat.guess' });
    const code = await forgot.resetCode('pat.guess');
    const guesses = Array.from({ length: 30 }, (_, index) => String(index).padStart(6, '9')).filter(
      (guess) => guess !== code,
    );
    const responses = await Promise.all(
      guesses.slice(0, 30).map((guess) => forgot.post(start.jar, start.loginUrl, '/code', { code: guess })),
    );
    expect(histogram(responses.map((response) => response.status))).toEqual({
      200: 4,
      429: guesses.length - 4,
    });
    const [stored] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, await idOf('pat.guess')));
    expect(stored?.failedAttempts).toBe(4);
    const right = await forgot.post(start.jar, start.loginUrl, '/code', { code });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBe('900');
  });

  it('moves on once when the right code is sent 30 times at once', async () => {
    const start = await forgot.open(browser('198.51.100.4'));
    await forgot.post(start.jar, start.loginUrl, '', { identifier: 'pat.race' });
    const code = await forgot.resetCode('pat.race');
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => forgot.post(start.jar, start.loginUrl, '/code', { code })),
    );
    const pages = await Promise.all(
      responses.map(async (response) => ({ status: response.status, html: await response.text() })),
    );
    // One request took the code and moved on (200); a request read after that shows the stage it finds (400).
    const movedOn = pages.filter(
      (page) => page.status === 200 && page.html.includes('<h1>Scegli la nuova password</h1>'),
    );
    expect(movedOn).toHaveLength(1);
    expect(pages.every((page) => [200, 400, 429].includes(page.status))).toBe(true);
    const [stored] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, await idOf('pat.race')));
    expect(stored?.consumedAt).not.toBeNull();
  });

  it('changes the password once when the new one is sent 30 times at once', async () => {
    const step = await forgot.toPasswordStep('pat.twice', 'pat.twice', undefined, browser('198.51.100.5'));
    expect(step.html).toContain('<h1>Scegli la nuova password</h1>');
    const fields = { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => forgot.post(step.jar, step.loginUrl, '/password', fields)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 303 || status === 400)).toHaveLength(30);
    const changed = (await forgot.smsTo('pat.twice')).filter((sms) => sms.purpose === 'password-changed');
    expect(changed).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, await idOf('pat.twice')));
    expect(events).toHaveLength(1);
  });
});
