import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountList, CurrentUser } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { accountSwitches, loginAttempts, users } from '../db/schema';
import { DEMO_TOTP_SECRET } from '../db/seed/demo-accounts';

const SMS_AMR = ['pwd', 'sms', 'mfa'];
const key = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
/** The demo authenticator's code `offset` steps from now (the check accepts one step either side). */
const codeAt = (offset: number): string => hotp(key, totpStep(new Date()) + offset);
const wrongCode = (offset: number): string =>
  String((Number(codeAt(offset)) + 1) % 1_000_000).padStart(6, '0');

describe.each(databaseTargets)('step-up into a staff account on $name', ({ location }) => {
  let ctx: TestContext;
  let physicianAccount: string;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    const [physician] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    physicianAccount = `u${physician?.id}`;
  });
  afterAll(() => ctx.close());

  /** The physician on her own patient profile, as after "Cambia profilo" → her patient dossier. */
  const patientToken = (): Promise<string> => ctx.tokenForSubject('demo-anna.ferrari', { amr: SMS_AMR });
  const switchTo = async (token: string, body: object): Promise<Response> =>
    ctx.app.request('/api/account/switch', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const totp = (code: string) => ({ accountId: physicianAccount, stepUp: { method: 'totp', code } });
  const usernameFailures = async (): Promise<number> => {
    const [row] = await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'user:dott.ferrari'));
    return row?.failures ?? 0;
  };

  it('switches back to the physician with the authenticator code, and the new token reads as her', async () => {
    const token = await patientToken();
    const listed = v.parse(
      AccountList,
      await (
        await ctx.app.request('/api/account/accounts', { headers: { Authorization: `Bearer ${token}` } })
      ).json(),
    );
    expect(listed.accounts.find((account) => account.id === physicianAccount)?.stepUp).toEqual(['totp']);
    const response = await switchTo(token, totp(codeAt(0)));
    expect(response.status).toBe(200);
    expect(ctx.switches.at(-1)).toMatchObject({ toSubject: 'demo-dott.ferrari' });
    const { access_token: access } = (await response.json()) as { access_token: string };
    const me = await ctx.app.request('/api/me', { headers: { Authorization: `Bearer ${access}` } });
    expect(v.parse(CurrentUser, await me.json())).toMatchObject({ userType: 'PHY' });
    // A right code gives the login's counter its attempts back.
    expect(await usernameFailures()).toBe(0);
  });

  it('refuses a code used once (here or at the login), in PostgreSQL, not in memory', async () => {
    // The code of the previous test's step was taken: the same code again is a replay.
    const replayed = await switchTo(await patientToken(), totp(codeAt(0)));
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ code: 'ACCOUNT_STEP_UP_WRONG' });
    // A second server process on the same database refuses it too.
    if (location.startsWith('postgres')) {
      const other = await ctx.secondInstance();
      try {
        const token = await patientToken();
        const again = await other.app.request('/api/account/switch', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(totp(codeAt(0))),
        });
        expect(again.status).toBe(400);
      } finally {
        await other.close();
      }
    }
    const [audited] = await ctx.db
      .select()
      .from(accountSwitches)
      .where(
        and(eq(accountSwitches.toAccount, physicianAccount), eq(accountSwitches.outcome, 'STEP_UP_WRONG')),
      );
    expect(audited).toBeDefined();
  });

  it('answers a wrong code with a translated error, and a malformed one with 400 naming the field', async () => {
    const before = await usernameFailures();
    const wrong = await switchTo(await patientToken(), totp(wrongCode(1)));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'ACCOUNT_STEP_UP_WRONG' });
    expect(await usernameFailures()).toBe(before + 1);
    for (const code of ['12345', 'abcdef', '1234567']) {
      const malformed = await switchTo(await patientToken(), totp(code));
      expect(malformed.status, code).toBe(400);
      expect(JSON.stringify(await malformed.json())).toContain('stepUp');
    }
  });

  it('holds the login lockout under 30 parallel guesses: at most 5 are looked at, then even the right code waits', async () => {
    const token = await patientToken();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) => switchTo(token, totp(wrongCode(index % 2)))),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    // One wrong code was counted by the previous test in the same window: 4 more are looked at.
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(26);
    const locked = replies.find((reply) => reply.status === 429);
    expect(locked?.headers.get('retry-after')).toBe('900');
    expect(await locked?.json()).toMatchObject({ code: 'ACCOUNT_STEP_UP_LOCKED' });
    const right = await switchTo(token, totp(codeAt(1)));
    expect(right.status).toBe(429);
    expect(await usernameFailures()).toBe(5);
  });
});
