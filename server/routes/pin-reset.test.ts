import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { loginAttempts, signingCredentials, smsOutbox, users } from '../db/schema';
import { verifyPassword } from '../services/password';
import { issueCredential } from '../services/signing/credentials';

const MARIO_PHONE = '+39 333 1000001';
let address = 0;

describe.each(databaseTargets)('PIN reset on $name', ({ location }) => {
  let ctx: TestContext;
  // Every test calls from an address of its own, so the per-address counter of one does not block another.
  let from = '';
  // The socket's address, as @hono/node-server hands it to the app.
  const sentFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
  const post = (path: string, body: unknown, language = 'it-IT', forwardedFor?: string) =>
    ctx.app.request(
      `/api/pinReset/${path}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': language,
          ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
        },
        body: JSON.stringify(body),
      },
      sentFrom(from),
    );
  const lastSms = async (phone: string): Promise<string> => {
    const [row] = await ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return row?.body ?? '';
  };
  const codeOf = (body: string): string => body.match(/^([A-Z0-9]{6}) /)?.[1] ?? '';

  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
    address += 1;
    from = `198.51.100.${address}`;
  });

  it('resets the PIN of a user named by username: code by SMS, then a new PIN by SMS', async () => {
    from = '198.51.100.200';
    const [mario] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
    if (!mario) throw new Error('no demo patient');
    await issueCredential(ctx.db, mario, { pin: '111111' });
    await ctx.db
      .update(signingCredentials)
      .set({ failedPinAttempts: 3, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(signingCredentials.userId, mario.id));

    const sent = await post('requestOtp', { identifier: ' Mario.Rossi ' });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ sentTo: '***0001' });
    const code = codeOf(await lastSms(MARIO_PHONE));
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);

    const wrong = await post('confirm', {
      identifier: 'mario.rossi',
      code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      code: 'PIN_RESET_INVALID_CODE',
      message: 'Codice di sicurezza non valido',
    });

    const done = await post('confirm', { identifier: 'mario.rossi', code: code.toLowerCase() });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ sentTo: '***0001' });
    const pin = (await lastSms(MARIO_PHONE)).match(/PIN di firma è (\d{6})\./)?.[1] ?? '';
    expect(pin).toMatch(/^\d{6}$/);
    const [credential] = await ctx.db
      .select()
      .from(signingCredentials)
      .where(eq(signingCredentials.userId, mario.id));
    expect(credential).toMatchObject({ failedPinAttempts: 0, lockedUntil: null });
    expect(credential?.pinHash).not.toContain(pin);
    expect(await verifyPassword(pin, credential?.pinHash ?? '')).toBe(true);
    expect(await verifyPassword('111111', credential?.pinHash ?? '')).toBe(false);

    const reused = await post('confirm', { identifier: 'mario.rossi', code });
    expect((await reused.json()).code).toBe('PIN_RESET_INVALID_CODE');
  });

  it('finds staff by fiscal code in any case, speaks English, and gives a credential to a user without one', async () => {
    const [doctor] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    await ctx.db.delete(signingCredentials).where(eq(signingCredentials.userId, doctor?.id ?? 0));
    const sent = await post('requestOtp', { identifier: 'frrnna75c54f205f' }, 'en-EN');
    expect(await sent.json()).toMatchObject({ sentTo: '***0004' });
    const sms = await lastSms('+39 347 2000004');
    expect(sms).toContain('is the security code to reset your signing PIN');
    const done = await post('confirm', { identifier: 'FRRNNA75C54F205F', code: codeOf(sms) }, 'en-EN');
    expect(done.status).toBe(200);
    expect(await lastSms('+39 347 2000004')).toMatch(/^Your new signing PIN is \d{6}\./);
    const [credential] = await ctx.db
      .select()
      .from(signingCredentials)
      .where(eq(signingCredentials.userId, doctor?.id ?? 0));
    expect(credential?.fiscalCode).toBe('FRRNNA75C54F205F');
  });

  it('answers "Identificativo utente non valido" for an unknown or disabled user, and 400 for a missing field', async () => {
    for (const identifier of ['nessuno', 'RSSMRA80A01H501U']) {
      const response = await post('requestOtp', { identifier });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'PIN_RESET_INVALID_USER',
        message: 'Identificativo utente non valido',
      });
    }
    await ctx.db.update(users).set({ enabled: false }).where(eq(users.username, 'operatore'));
    expect((await (await post('requestOtp', { identifier: 'operatore' })).json()).code).toBe(
      'PIN_RESET_INVALID_USER',
    );
    await ctx.db.update(users).set({ enabled: true }).where(eq(users.username, 'operatore'));
    const missing = await post('confirm', { identifier: '', code: '12' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: [
        { field: 'identifier', code: 'required' },
        { field: 'code', code: 'invalid' },
      ],
    });
  });

  it('holds a second code back for 60 s and refuses a code after 10 minutes (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T09:00:00Z') });
    await post('requestOtp', { identifier: 'giulia.bianchi' });
    const code = codeOf(await lastSms('+39 333 1000002'));
    vi.setSystemTime(new Date('2030-01-01T09:00:30Z'));
    const early = await post('requestOtp', { identifier: 'giulia.bianchi' });
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('30');
    expect(await early.json()).toMatchObject({ code: 'OTP_RESEND_TOO_SOON', params: { seconds: '30' } });
    vi.setSystemTime(new Date('2030-01-01T09:10:00Z'));
    const late = await post('confirm', { identifier: 'giulia.bianchi', code });
    expect(await late.json()).toMatchObject({ code: 'OTP_EXPIRED' });
  });

  it('invalidates the code at the fifth wrong one, then blocks the identifier for 15 minutes (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-01-01T09:00:00Z') });
    await post('requestOtp', { identifier: 'luca.verdi' });
    const code = codeOf(await lastSms('+39 333 1000003'));
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      answers.push((await (await post('confirm', { identifier: 'luca.verdi', code: wrong })).json()).code);
    }
    expect(answers).toEqual([...Array(4).fill('PIN_RESET_INVALID_CODE'), 'OTP_TOO_MANY_ATTEMPTS']);
    const blocked = await post('confirm', { identifier: 'luca.verdi', code });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await post('requestOtp', { identifier: 'luca.verdi' })).status).toBe(429);

    vi.setSystemTime(new Date('2031-01-01T09:15:01Z'));
    const again = await post('requestOtp', { identifier: 'luca.verdi' });
    expect(again.status).toBe(200);
    const fresh = codeOf(await lastSms('+39 333 1000003'));
    expect((await post('confirm', { identifier: 'luca.verdi', code: fresh })).status).toBe(200);
  });

  it('blocks an address that tries 20 unknown identifiers', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await post('requestOtp', { identifier: `guess.${attempt}` })).status).toBe(400);
    }
    const blocked = await post('requestOtp', { identifier: 'mario.rossi' });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');
  });

  it('takes each attempt before evaluating it: of 25 parallel wrong codes at most 5 count, then the right one is refused', async () => {
    await post('requestOtp', { identifier: 'giulia.bianchi' });
    const code = codeOf(await lastSms('+39 333 1000002'));
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const answers = await Promise.all(
      Array.from({ length: 25 }, async () => {
        const response = await post('confirm', { identifier: 'giulia.bianchi', code: wrong });
        return (await response.json()).code as string;
      }),
    );
    const refused = answers.filter((answer) => answer === 'RATE_LIMITED').length;
    expect(refused).toBeGreaterThanOrEqual(20);
    expect(answers.length - refused).toBeLessThanOrEqual(5);
    expect((await (await post('confirm', { identifier: 'giulia.bianchi', code })).json()).code).toBe(
      'RATE_LIMITED',
    );
  });

  it('takes each attempt before evaluating it: 25 parallel unknown identifiers from one address, at most 20 evaluated', async () => {
    const answers = await Promise.all(
      Array.from(
        { length: 25 },
        async (_, index) => (await post('requestOtp', { identifier: `who.${index}` })).status,
      ),
    );
    expect(answers.filter((status) => status === 400).length).toBeLessThanOrEqual(20);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('does not let a client pick its address with X-Forwarded-For unless its socket is a trusted proxy', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await post(
        'requestOtp',
        { identifier: `guess.${attempt}` },
        'it-IT',
        `203.0.113.${attempt}`,
      );
      expect(response.status).toBe(400);
    }
    expect((await post('requestOtp', { identifier: 'mario.rossi' }, 'it-IT', '203.0.113.99')).status).toBe(
      429,
    );

    // Behind a trusted proxy (TRUST_PROXY), each forwarded client counts apart.
    const trusted = ctx.config.trustProxy;
    ctx.config.trustProxy = [from];
    try {
      const forwarded = await post(
        'requestOtp',
        { identifier: 'nessuno' },
        'it-IT',
        '192.0.2.55, 203.0.113.77',
      );
      expect(forwarded.status).toBe(400);
      const keys = (await ctx.db.select().from(loginAttempts)).map((row) => row.key);
      expect(keys).toContain('pin-reset:ip:203.0.113.77');
      expect(keys).not.toContain('pin-reset:ip:192.0.2.55');
    } finally {
      ctx.config.trustProxy = trusted;
    }
  });
});
