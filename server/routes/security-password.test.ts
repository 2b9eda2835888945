import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { loginAttempts, oneTimeCodes, smsOutbox, users } from '../db/schema';
import { DEMO_TOTP_SECRET } from '../db/seed/demo-accounts';
import { verifyPassword } from '../services/password';

const DEMO_PASSWORD = 'Dossier2026!';
const NEW_PASSWORD = 'tramonto sul lago di Como';
const key = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
let address = 0;

describe.each(databaseTargets)('account security: password change on $name', ({ location }) => {
  let ctx: TestContext;
  let from = '';
  const hashes = new Map<string, string | null>();
  const sentFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  const call = async (username: string, path: string, body?: unknown, language = 'it-IT') =>
    ctx.app.request(
      `/api/security${path}`,
      {
        method: body === undefined && path === '' ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${await ctx.tokenFor(username)}`,
          'Content-Type': 'application/json',
          'Accept-Language': language,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      sentFrom(from),
    );
  const userOf = async (username: string) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no demo user ${username}`);
    return user;
  };
  const smsOf = async (username: string): Promise<string[]> => {
    const user = await userOf(username);
    const rows = await ctx.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, user.id))
      .orderBy(desc(smsOutbox.id));
    return rows.map((row) => row.body);
  };
  /** A new step-up code by SMS, as the sheet asks for it, read from the outbox as the phone shows it. */
  const freshCode = async (username: string): Promise<string> => {
    const sent = await call(username, '/stepUpCode', {});
    expect(sent.status).toBe(200);
    const [latest] = await smsOf(username);
    const code = latest?.match(/^(\d{6}) /)?.[1];
    if (!code) throw new Error('no code sent');
    return code;
  };
  const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const failuresOf = async (username: string): Promise<number> => {
    const [row] = await ctx.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `user:${username}`));
    return row?.failures ?? 0;
  };
  const change = (username: string, body: object, language?: string) =>
    call(username, '/password', body, language);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    for (const user of await ctx.db.select().from(users)) hashes.set(user.username, user.passwordHash);
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    // Each test starts from the seeded passwords, no counters and no open codes, from an address of its own.
    for (const [username, passwordHash] of hashes)
      await ctx.db.update(users).set({ passwordHash }).where(eq(users.username, username));
    await ctx.db.delete(loginAttempts);
    await ctx.db.delete(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'step-up'));
    address += 1;
    from = `203.0.113.${address}`;
  });

  it('tells the page which second factor the account proves: SMS for patients and guests, TOTP for staff', async () => {
    expect(await (await call('mario.rossi', '')).json()).toEqual({
      username: 'mario.rossi',
      stepUp: ['sms'],
      phone: '***0001',
      hasPassword: true,
    });
    expect((await (await call('ospite', '')).json()).stepUp).toEqual(['sms']);
    expect((await (await call('dott.ferrari', '')).json()).stepUp).toEqual(['totp']);
    // Staff get no SMS code: their factor is the authenticator.
    expect((await call('dott.ferrari', '/stepUpCode', {})).status).toBe(409);
  });

  it('changes the password with the SMS code and tells the owner by SMS, in the language of the request', async () => {
    const code = await freshCode('mario.rossi');
    const done = await change('mario.rossi', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code },
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ notified: true });
    const mario = await userOf('mario.rossi');
    expect(await verifyPassword(NEW_PASSWORD, mario.passwordHash ?? '')).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, mario.passwordHash ?? '')).toBe(false);
    expect((await smsOf('mario.rossi'))[0]).toMatch(/^La password del Fascicolo è stata cambiata/);

    const english = await freshCode('giulia.bianchi');
    const second = await change(
      'giulia.bianchi',
      { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, stepUp: { method: 'sms', code: english } },
      'en-US',
    );
    expect(second.status).toBe(200);
    expect((await smsOf('giulia.bianchi'))[0]).toMatch(/^Your Dossier password has been changed/);
  });

  it('refuses a wrong current password as a failed login attempt, and keeps the code for the next try', async () => {
    const code = await freshCode('luca.verdi');
    const wrong = await change('luca.verdi', {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'SECURITY_PASSWORD_WRONG',
      fields: [{ field: 'currentPassword', code: 'invalid' }],
    });
    expect(await failuresOf('luca.verdi')).toBe(1);
    const right = await change('luca.verdi', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code },
    });
    expect(right.status).toBe(200);
    expect(await failuresOf('luca.verdi')).toBe(0);
  });

  it.each([
    ['tooShort', 'mario.rossi', 'corta12'],
    ['tooLong', 'mario.rossi', 'x'.repeat(129)],
    ['common', 'mario.rossi', 'Password1234'],
    ['common', 'giulia.bianchi', '1qaz2wsx3edc'],
    ['personal', 'mario.rossi', 'mario.rossi è il mio nome'],
    ['personal', 'mario.rossi', 'il signor Rossi di Roma'],
    ['personal', 'dott.ferrari', 'ecco FRRNNA75C54F205F!'],
    ['personal', 'ospite', 'ciao sono sara e basta'],
  ])(
    'refuses a new password that is %s (%s), before the code is spent',
    async (problem, username, newPassword) => {
      const staff = username === 'dott.ferrari';
      const stepUp = staff
        ? { method: 'totp', code: '000000' }
        : { method: 'sms', code: await freshCode(username) };
      const refused = await change(username, { currentPassword: DEMO_PASSWORD, newPassword, stepUp });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'PASSWORD_REFUSED',
        fields: [{ field: 'newPassword', code: problem }],
      });
      // Nothing was counted and no code spent: the person only has to choose another password.
      expect(await failuresOf(username)).toBe(0);
      const [open] = await ctx.db
        .select()
        .from(oneTimeCodes)
        .where(
          and(eq(oneTimeCodes.purpose, 'step-up'), eq(oneTimeCodes.userId, (await userOf(username)).id)),
        );
      if (!staff) expect(open?.consumedAt).toBeNull();
    },
  );

  it('refuses a wrong code, then a replayed one: each code works once', async () => {
    const code = await freshCode('giulia.bianchi');
    const body = (stepUpCode: string, newPassword = NEW_PASSWORD) => ({
      currentPassword: DEMO_PASSWORD,
      newPassword,
      stepUp: { method: 'sms', code: stepUpCode },
    });
    const wrong = await change('giulia.bianchi', body(otherCode(code)));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'SECURITY_CODE_WRONG' });
    expect((await change('giulia.bianchi', body(code))).status).toBe(200);
    const replayed = await change('giulia.bianchi', {
      ...body(code, 'un altro giorno al mare'),
      currentPassword: NEW_PASSWORD,
    });
    expect(replayed.status).toBe(409);
    expect(await replayed.json()).toMatchObject({ code: 'SECURITY_CODE_WRONG' });
  });

  it('asks staff for the authenticator code, never an SMS code', async () => {
    const sms = await change('dott.ferrari', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code: '123456' },
    });
    expect(sms.status).toBe(403);
    const done = await change('dott.conti', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'totp', code: hotp(key, totpStep(new Date())) },
    });
    expect(done.status).toBe(200);
  });

  it('holds the login limit under 30 parallel wrong current passwords: at most 5 are checked', async () => {
    const code = await freshCode('luca.verdi');
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const response = await change('luca.verdi', {
          currentPassword: `guess-${index}`,
          newPassword: NEW_PASSWORD,
          stepUp: { method: 'sms', code },
        });
        return (await response.json()).code as string;
      }),
    );
    expect(answers.filter((answer) => answer === 'SECURITY_PASSWORD_WRONG').length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(25);
    expect(await failuresOf('luca.verdi')).toBeLessThanOrEqual(5);
    // Locked: even the right password is not looked at now.
    const right = await change('luca.verdi', {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      stepUp: { method: 'sms', code },
    });
    expect(right.status).toBe(429);
  });

  it('holds the code limits under 30 parallel wrong codes, and one right code changes the password once', async () => {
    const code = await freshCode('ospite');
    const wrong = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await change('ospite', {
          currentPassword: DEMO_PASSWORD,
          newPassword: NEW_PASSWORD,
          stepUp: { method: 'sms', code: otherCode(code) },
        });
        return response.status;
      }),
    );
    // Each guess takes a login attempt before the code is looked at: at most 5 codes compared.
    expect(wrong.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(wrong.filter((status) => status === 200)).toHaveLength(0);
    expect(await failuresOf('ospite')).toBeLessThanOrEqual(5);

    await ctx.db.delete(loginAttempts);
    await ctx.db.delete(oneTimeCodes).where(eq(oneTimeCodes.purpose, 'step-up'));
    const right = await freshCode('marta.colombo');
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const response = await change('marta.colombo', {
          currentPassword: DEMO_PASSWORD,
          newPassword: `${NEW_PASSWORD} ${index}`,
          stepUp: { method: 'sms', code: right },
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  });

  it('sends step-up codes no faster than the login code: one a minute', async () => {
    await freshCode('mario.rossi');
    const again = await call('mario.rossi', '/stepUpCode', {});
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: 'OTP_RESEND_TOO_SOON' });
    expect(again.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('answers 400 naming the field for a malformed body', async () => {
    const response = await change('mario.rossi', {
      currentPassword: DEMO_PASSWORD,
      stepUp: { method: 'sms' },
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { fields: { field: string }[] };
    expect(reply.fields.map((field) => field.field)).toEqual(expect.arrayContaining(['newPassword']));
  });
});
