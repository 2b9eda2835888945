import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { signingCredentials } from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { romeTime } from '../services/signing/credentials';
import { json, lastCode, prepare } from '../test/fixtures/signing';

/** Brute-force limits of the signature, on a fake clock. */
describe.each(databaseTargets)('signature limits on $name', ({ location }) => {
  let ctx: TestContext;
  let clock = Date.now();
  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());
  const later = (ms: number): void => {
    vi.setSystemTime(Date.now() + ms);
  };
  const sendOtp = (username: string, documentIds: number[], pin = DEMO_SIGNING_PIN): Promise<Response> =>
    ctx.call('/api/sign/otp', username, json('POST', { documentIds, pin }));
  const sync = (username: string, documentIds: number[], pin: string, otp: string): Promise<Response> =>
    ctx.call('/api/sign/sync', username, json('PUT', { documentIds, pin, otp }));

  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock += 2 * 60_000;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    clock = Date.now();
    vi.useRealTimers();
  });

  it('locks signing for 15 minutes after 5 wrong PINs, saying until when', async () => {
    const { documentIds, user } = await prepare(ctx, 'mario.rossi');
    expect((await sendOtp('mario.rossi', documentIds)).status).toBe(200);
    const code = await lastCode(ctx, user);
    for (const remaining of ['4', '3', '2', '1']) {
      const response = await sync('mario.rossi', documentIds, '000000', code);
      expect(response.status).toBe(400);
      expect(await error(response)).toMatchObject({
        code: 'PIN_WRONG',
        params: { remaining },
        message: `PIN errato: tentativi rimasti ${remaining}`,
      });
    }
    const lockedAt = Date.now();
    const fifth = await sync('mario.rossi', documentIds, '000000', code);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('Retry-After')).toBe('900');
    const until = romeTime(new Date(lockedAt + 15 * 60_000));
    expect(await error(fifth)).toMatchObject({
      code: 'PIN_LOCKED',
      params: { until },
      message: `Troppi PIN errati: la firma è bloccata fino alle ${until}`,
    });
    // Locked: the right PIN is refused and no new code is sent.
    later(14 * 60_000);
    expect((await error(await sync('mario.rossi', documentIds, DEMO_SIGNING_PIN, code))).code).toBe(
      'PIN_LOCKED',
    );
    expect((await error(await sendOtp('mario.rossi', documentIds))).code).toBe('PIN_LOCKED');
    later(60_000 + 1000);
    expect((await sendOtp('mario.rossi', documentIds)).status).toBe(200);
    const signed = await sync('mario.rossi', documentIds, DEMO_SIGNING_PIN, await lastCode(ctx, user));
    expect(signed.status).toBe(200);
  });

  it('evaluates at most 5 of 20 parallel PINs: the right one sent among 19 wrong ones is refused', async () => {
    // Staff collect the patient's consent: the code goes to the patient's phone (codeTo).
    const { documentIds, codeTo } = await prepare(ctx, 'operatore');
    expect((await sendOtp('operatore', documentIds)).status).toBe(200);
    const code = await lastCode(ctx, codeTo);
    // The right PIN goes last: before the fix every attempt was evaluated and this one signed.
    const pins = [...Array(19).fill('000000'), DEMO_SIGNING_PIN];
    const answers = await Promise.all(pins.map((pin) => sync('operatore', documentIds, pin, code)));
    const codes = await Promise.all(
      answers.map(async (answer) => (answer.status === 200 ? 'SIGNED' : (await error(answer)).code)),
    );
    expect(codes.filter((answer) => answer === 'PIN_WRONG').length).toBeLessThanOrEqual(4);
    expect(codes.filter((answer) => answer === 'PIN_LOCKED').length).toBeGreaterThanOrEqual(16);
    expect(codes.at(-1)).toBe('PIN_LOCKED');
    expect((await error(await sync('operatore', documentIds, DEMO_SIGNING_PIN, code))).code).toBe(
      'PIN_LOCKED',
    );
  });

  it('clears the count of wrong PINs when the right one is given', async () => {
    const { documentIds, user } = await prepare(ctx, 'giulia.bianchi');
    expect((await sendOtp('giulia.bianchi', documentIds)).status).toBe(200);
    const code = await lastCode(ctx, user);
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await error(await sync('giulia.bianchi', documentIds, '000000', code))).code).toBe('PIN_WRONG');
    const wrongCode = code === '000000' ? '000001' : '000000';
    // Right PIN, wrong code: the PIN count goes back to zero, the code counts one wrong attempt.
    expect((await error(await sync('giulia.bianchi', documentIds, DEMO_SIGNING_PIN, wrongCode))).code).toBe(
      'SIGN_OTP_ERROR',
    );
    const [credential] = await ctx.db
      .select()
      .from(signingCredentials)
      .where(eq(signingCredentials.userId, user.id));
    expect(credential?.failedPinAttempts).toBe(0);
    expect((await error(await sync('giulia.bianchi', documentIds, '000000', code))).params).toEqual({
      remaining: '4',
    });
  });

  it('invalidates the code after 5 wrong codes', async () => {
    const { documentIds, user } = await prepare(ctx, 'luca.verdi');
    expect((await sendOtp('luca.verdi', documentIds)).status).toBe(200);
    const code = await lastCode(ctx, user);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await sync('luca.verdi', documentIds, DEMO_SIGNING_PIN, wrong);
      expect(response.status).toBe(400);
      expect(await error(response)).toMatchObject({
        code: 'SIGN_OTP_ERROR',
        message: 'Errore nella firma via OTP',
      });
    }
    const fifth = await sync('luca.verdi', documentIds, DEMO_SIGNING_PIN, wrong);
    expect(await error(fifth)).toMatchObject({
      code: 'OTP_TOO_MANY_ATTEMPTS',
      message: 'Troppi codici errati: richiedi un nuovo codice',
    });
    expect((await error(await sync('luca.verdi', documentIds, DEMO_SIGNING_PIN, code))).code).toBe(
      'OTP_TOO_MANY_ATTEMPTS',
    );
    later(60_000);
    expect((await sendOtp('luca.verdi', documentIds)).status).toBe(200);
    expect((await sync('luca.verdi', documentIds, DEMO_SIGNING_PIN, await lastCode(ctx, user))).status).toBe(
      200,
    );
  });

  it('accepts a code for 10 minutes, only for the documents it was sent for', async () => {
    const { documentIds, codeTo } = await prepare(ctx, 'dott.ferrari');
    const other = await prepare(ctx, 'dott.ferrari');
    expect((await sendOtp('dott.ferrari', documentIds)).status).toBe(200);
    const code = await lastCode(ctx, codeTo);
    const elsewhere = await sync('dott.ferrari', other.documentIds, DEMO_SIGNING_PIN, code);
    expect(elsewhere.status).toBe(409);
    expect((await error(elsewhere)).code).toBe('SIGN_CONTEXT_INVALID');
    later(10 * 60_000);
    const expired = await sync('dott.ferrari', documentIds, DEMO_SIGNING_PIN, code);
    expect(await error(expired)).toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'Il codice è scaduto: richiedine uno nuovo',
    });
  });
});
