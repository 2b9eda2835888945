import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { signingCredentials, smsOutbox } from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { json, lastCode, prepare } from '../test/fixtures/signing';

/**
 * The PIN is checked when the code is asked for: a wrong PIN sends no SMS, counts in the
 * same lockout as the signature, and the signature still checks both.
 */
describe.each(databaseTargets)('PIN checked before the SMS code on $name', ({ location }) => {
  let ctx: TestContext;
  let clock = Date.now();
  const WRONG = '000000';
  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());
  const sendOtp = (username: string, documentIds: number[], pin: string): Promise<Response> =>
    ctx.call('/api/sign/otp', username, json('POST', { documentIds, pin }));
  const sync = (username: string, documentIds: number[], pin: string, otp: string): Promise<Response> =>
    ctx.call('/api/sign/sync', username, json('PUT', { documentIds, pin, otp }));
  const smsTo = async (phone: string | null): Promise<number> =>
    (
      await ctx.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.toPhone, phone ?? ''))
    ).length;
  const attemptsOf = async (userId: number) => {
    const [row] = await ctx.db.select().from(signingCredentials).where(eq(signingCredentials.userId, userId));
    return { failed: row?.failedPinAttempts, locked: row?.lockedUntil !== null };
  };

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

  it('answers a wrong PIN with the attempts left and sends no SMS; the right PIN sends the code', async () => {
    const { documentIds, user } = await prepare(ctx, 'mario.rossi');
    const before = await smsTo(user.mobilePhone);
    const wrong = await sendOtp('mario.rossi', documentIds, WRONG);
    expect(wrong.status).toBe(400);
    expect(await error(wrong)).toMatchObject({ code: 'PIN_WRONG', params: { remaining: '4' } });
    expect(await smsTo(user.mobilePhone)).toBe(before);
    expect(await attemptsOf(user.id)).toEqual({ failed: 1, locked: false });
    // A malformed PIN is refused by the contract before any attempt is counted.
    expect((await sendOtp('mario.rossi', documentIds, '12')).status).toBe(400);
    expect((await attemptsOf(user.id)).failed).toBe(1);
    const sent = await sendOtp('mario.rossi', documentIds, DEMO_SIGNING_PIN);
    expect(sent.status).toBe(200);
    expect(await smsTo(user.mobilePhone)).toBe(before + 1);
    expect((await attemptsOf(user.id)).failed).toBe(0);
    expect((await sync('mario.rossi', documentIds, DEMO_SIGNING_PIN, await lastCode(ctx, user))).status).toBe(
      200,
    );
  });

  it('keeps the code valid when the signature gets a wrong PIN, so the retry needs no new SMS', async () => {
    const { documentIds, user } = await prepare(ctx, 'giulia.bianchi');
    expect((await sendOtp('giulia.bianchi', documentIds, DEMO_SIGNING_PIN)).status).toBe(200);
    const code = await lastCode(ctx, user);
    const wrong = await sync('giulia.bianchi', documentIds, WRONG, code);
    expect((await error(wrong)).code).toBe('PIN_WRONG');
    expect((await sync('giulia.bianchi', documentIds, DEMO_SIGNING_PIN, code)).status).toBe(200);
  });

  it('counts wrong PINs of the code request and of the signature in one lockout', async () => {
    const { documentIds, user } = await prepare(ctx, 'luca.verdi');
    for (const remaining of ['4', '3', '2'])
      expect((await error(await sendOtp('luca.verdi', documentIds, WRONG))).params).toEqual({ remaining });
    // A right PIN in between would clear the count: a code sent earlier is used here, with wrong PINs.
    const other = await prepare(ctx, 'luca.verdi');
    expect((await error(await sync('luca.verdi', other.documentIds, WRONG, '123456'))).params).toEqual({
      remaining: '1',
    });
    const locked = await sendOtp('luca.verdi', documentIds, WRONG);
    expect([locked.status, (await error(locked)).code]).toEqual([429, 'PIN_LOCKED']);
    expect((await error(await sendOtp('luca.verdi', documentIds, DEMO_SIGNING_PIN))).code).toBe('PIN_LOCKED');
    expect(await attemptsOf(user.id)).toEqual({ failed: 5, locked: true });
  });

  it('evaluates at most 5 of 25 parallel code requests: the right PIN sent last is refused, no SMS sent', async () => {
    // Staff collect Mario's consent: a code would go to Mario's phone (codeTo), none must.
    const { documentIds, user, codeTo } = await prepare(ctx, 'operatore');
    const before = await smsTo(codeTo.mobilePhone);
    const pins = [...Array(24).fill(WRONG), DEMO_SIGNING_PIN];
    const answers = await Promise.all(pins.map((pin) => sendOtp('operatore', documentIds, pin)));
    const codes = await Promise.all(
      answers.map(async (answer) => (answer.status === 200 ? 'SENT' : (await error(answer)).code)),
    );
    expect(codes.filter((code) => code === 'PIN_WRONG')).toHaveLength(4);
    expect(codes.filter((code) => code === 'PIN_LOCKED')).toHaveLength(21);
    expect(codes.at(-1)).toBe('PIN_LOCKED');
    expect(await smsTo(codeTo.mobilePhone)).toBe(before);
    expect(await attemptsOf(user.id)).toEqual({ failed: 5, locked: true });
  });
});
