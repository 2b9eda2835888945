import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_USERNAME } from '../auth/rate-limit';
import { clientAddressOf } from '../client-address';
import { loginAttempts } from '../db/schema';
import { CookieJar, startTestIdp, TEST_PASSWORD, type TestIdp, type TestUser } from '../test/idp';
import { PortalClient } from '../test/idp-flow';

const PARALLEL = 30;
const STAFF: TestUser = {
  subject: 'sub-admin',
  username: 'admin',
  password: TEST_PASSWORD,
  userType: 'ADM',
  displayName: 'Admin',
};
const PATIENT: TestUser = {
  subject: 'sub-brute',
  username: 'pat.parallel',
  password: TEST_PASSWORD,
  userType: 'PAT',
  displayName: 'Pat Parallel',
  mobilePhone: '+39 333 5550099',
};
const TOO_MANY = 'Troppi tentativi di accesso. Riprova tra qualche minuto.';

/** Sorts answers into evaluated (the form came back with an error) and refused by the limit (429). */
async function tally(responses: Response[]): Promise<{ evaluated: number; refused: number }> {
  let evaluated = 0;
  let refused = 0;
  for (const response of responses) {
    const html = await response.text();
    if (response.status === 429 && html.includes(TOO_MANY)) refused += 1;
    else if (response.status === 200) evaluated += 1;
  }
  return { evaluated, refused };
}

describe.each(databaseTargets)('login lockout under parallel attempts on $name', ({ location }) => {
  let t: TestIdp;
  let portal: PortalClient;

  beforeAll(async () => {
    t = await startTestIdp([STAFF, PATIENT], location);
    portal = new PortalClient(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.database.db.delete(loginAttempts);
  });

  it(`evaluates at most ${MAX_FAILURES_PER_USERNAME} of ${PARALLEL} parallel passwords, then refuses the right one`, async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) => portal.submit(jar, loginUrl, 'admin', `wrong-${index}`)),
    );
    expect(await tally(answers)).toEqual({
      evaluated: MAX_FAILURES_PER_USERNAME,
      refused: PARALLEL - MAX_FAILURES_PER_USERNAME,
    });
    const right = await portal.submit(jar, loginUrl, 'admin', TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain(TOO_MANY);
  });

  it(`evaluates at most ${MAX_FAILURES_PER_USERNAME} of ${PARALLEL} parallel SMS codes, then refuses the right one`, async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    const posted = await portal.submit(jar, loginUrl, PATIENT.username, TEST_PASSWORD);
    expect(await posted.text()).toContain('/loginstrong"');
    const code = await portal.latestCode(PATIENT.username);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => portal.submitCode(jar, loginUrl, wrong)),
    );
    const { evaluated, refused } = await tally(answers);
    expect(evaluated).toBeLessThanOrEqual(MAX_FAILURES_PER_USERNAME);
    expect(evaluated + refused).toBe(PARALLEL);
    const right = await portal.submitCode(jar, loginUrl, code);
    expect(right.status).toBe(429);
  });

  it('does not let a client pick its address with X-Forwarded-For when no proxy is trusted', async () => {
    const jar = new CookieJar();
    const { loginUrl } = await portal.openLogin(jar);
    for (let index = 0; index < MAX_FAILURES_PER_ADDRESS; index += 1) {
      const answer = await jar.fetch(`${loginUrl}/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `203.0.113.${index}`,
        },
        body: new URLSearchParams({ username: `ghost.${index}`, password: 'wrong' }),
      });
      expect(answer.status).toBe(200);
    }
    const blocked = await jar.fetch(`${loginUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
      body: new URLSearchParams({ username: 'admin', password: TEST_PASSWORD }),
    });
    expect(blocked.status).toBe(429);
  }, 90_000);
});

describe('client address behind proxies (TRUST_PROXY)', () => {
  it('uses the socket address unless the socket is a trusted proxy', () => {
    expect(clientAddressOf('203.0.113.9', '10.1.1.1', [])).toBe('203.0.113.9');
    expect(clientAddressOf('203.0.113.9', '10.1.1.1', ['10.0.0.0/8'])).toBe('203.0.113.9');
  });

  it('reads the hops from the right, past trusted proxies only', () => {
    const trusted = ['10.0.0.0/8', '::1'];
    expect(clientAddressOf('10.0.0.2', '198.51.100.1, 203.0.113.5', trusted)).toBe('203.0.113.5');
    expect(clientAddressOf('::1', '1.2.3.4, 203.0.113.5, 10.0.0.3', trusted)).toBe('203.0.113.5');
    expect(clientAddressOf('::ffff:10.0.0.2', undefined, trusted)).toBe('10.0.0.2');
  });

  it('counts each forwarded client apart behind a trusted proxy', async () => {
    const t = await startTestIdp([STAFF], 'memory://', { config: { trustProxy: ['127.0.0.1'] } });
    try {
      const jar = new CookieJar();
      const { loginUrl } = await new PortalClient(t).openLogin(jar);
      const answer = await jar.fetch(`${loginUrl}/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '198.51.100.1, 203.0.113.5',
        },
        body: new URLSearchParams({ username: 'admin', password: 'wrong' }),
      });
      expect(answer.status).toBe(200);
      const keys = (await t.database.db.select().from(loginAttempts)).map((row) => row.key).sort();
      expect(keys).toEqual(['ip:203.0.113.5', 'user:admin']);
    } finally {
      await t.close();
    }
  }, 90_000);
});
