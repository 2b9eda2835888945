import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/client';
import { oneTimeCodes, smsOutbox, users } from '../db/schema';
import { HttpError } from '../http-error';
import { consumeCode, issueCode, OTP_RESEND_COOLDOWN_MS, OTP_VALIDITY_MS } from './otp';
import { recordOnlySender, type SmsMessage, type SmsSender } from './sms/outbox';

const PHONE = '+39 333 1234567';
const T0 = new Date('2026-11-22T10:00:00Z');
const later = (ms: number): Date => new Date(T0.getTime() + ms);

/** Keeps what it was asked to deliver, so a test can read the code like the user would. */
function capturingSender(): SmsSender & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return { name: 'capture', sent, send: async (message) => void sent.push(message) };
}

const codeIn = (body: string): string => body.match(/\b([0-9A-Z]{6})\b/)?.[1] ?? '';

async function errorOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe.each(databaseTargets)('one-time codes on $name', ({ location }) => {
  let database: DatabaseHandle;
  let userId = 0;
  const user = (): { id: number; mobilePhone: string | null } => ({ id: userId, mobilePhone: PHONE });

  beforeAll(async () => {
    database = await openTestDatabase(location);
    const [row] = await database.db
      .insert(users)
      .values({ subject: 'otp-user', username: 'otp.user', userType: 'PAT', displayName: 'Otp User' })
      .returning({ id: users.id });
    userId = row?.id ?? 0;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(oneTimeCodes);
    await database.db.delete(smsOutbox);
  });

  const issue = (sender: SmsSender, now: Date, extra: { alphanumeric?: boolean; binding?: string } = {}) =>
    issueCode(database.db, sender, {
      user: user(),
      purpose: 'login',
      binding: extra.binding ?? 'b1',
      message: (code) => `Codice ${code}`,
      now,
      ...(extra.alphanumeric ? { alphanumeric: true } : {}),
    });
  const consume = (code: string, now: Date, binding = 'b1') =>
    consumeCode(database.db, {
      userId,
      purpose: 'login',
      binding,
      code,
      wrongCodeError: 'PIN_RESET_INVALID_CODE',
      contextError: 'SIGN_CONTEXT_INVALID',
      now,
    });

  it('sends six CSPRNG digits by SMS, records the message and keeps only a hash', async () => {
    const sender = capturingSender();
    const issued = await issue(sender, T0);
    const code = codeIn(sender.sent[0]?.body ?? '');
    expect(code).toMatch(/^\d{6}$/);
    expect(sender.sent[0]?.to).toBe(PHONE);
    expect(issued.sentTo).toBe('***4567');
    expect(issued.expiresAt).toEqual(later(OTP_VALIDITY_MS));
    expect(issued.resendAvailableAt).toEqual(later(OTP_RESEND_COOLDOWN_MS));
    const [stored] = await database.db.select().from(oneTimeCodes);
    expect(stored?.codeHash).not.toContain(code);
    const [sms] = await database.db.select().from(smsOutbox);
    expect(sms).toMatchObject({ toPhone: PHONE, body: `Codice ${code}`, status: 'SENT', purpose: 'login' });
  });

  it('sends six unambiguous letters and digits for the PIN reset, accepted in lower case', async () => {
    const sender = capturingSender();
    await issue(sender, T0, { alphanumeric: true });
    const code = codeIn(sender.sent[0]?.body ?? '');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    await expect(consume(` ${code.toLowerCase()} `, later(1000))).resolves.toBeUndefined();
  });

  it('accepts the right code once only', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    const code = codeIn(sender.sent[0]?.body ?? '');
    await consume(code, later(5000));
    const again = await errorOf(consume(code, later(6000)));
    expect(again.code).toBe('SIGN_CONTEXT_INVALID');
  });

  it('invalidates the code at the fifth wrong attempt, even for the right code afterwards', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    const code = codeIn(sender.sent[0]?.body ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const error = await errorOf(consume(wrong, later(attempt * 1000)));
      expect([error.status, error.code]).toEqual([400, 'PIN_RESET_INVALID_CODE']);
    }
    const fifth = await errorOf(consume(wrong, later(5000)));
    expect([fifth.status, fifth.code]).toEqual([409, 'OTP_TOO_MANY_ATTEMPTS']);
    const right = await errorOf(consume(code, later(6000)));
    expect(right.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('compares at most 5 of 25 parallel codes: the right one sent last is refused', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    const code = codeIn(sender.sent[0]?.body ?? '');
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = [...Array(24).fill(wrong), code];
    const answers = await Promise.all(
      guesses.map(async (guess) => (await errorOf(consume(guess, later(1000)))).code),
    );
    expect(answers.filter((answer) => answer === 'PIN_RESET_INVALID_CODE')).toHaveLength(4);
    expect(answers.filter((answer) => answer === 'OTP_TOO_MANY_ATTEMPTS')).toHaveLength(21);
    const [stored] = await database.db.select().from(oneTimeCodes);
    expect(stored).toMatchObject({ failedAttempts: 5, consumedAt: null });
    expect((await errorOf(consume(code, later(2000)))).code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('refuses a code after ten minutes', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    const code = codeIn(sender.sent[0]?.body ?? '');
    const error = await errorOf(consume(code, later(OTP_VALIDITY_MS)));
    expect(error.code).toBe('OTP_EXPIRED');
  });

  it('refuses a code bound to something else', async () => {
    const sender = capturingSender();
    await issue(sender, T0, { binding: 'interaction-a' });
    const code = codeIn(sender.sent[0]?.body ?? '');
    const error = await errorOf(consume(code, later(1000), 'interaction-b'));
    expect(error.code).toBe('SIGN_CONTEXT_INVALID');
  });

  it('holds a resend back for 60 seconds, then replaces the old code', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    const first = codeIn(sender.sent[0]?.body ?? '');
    const early = await errorOf(issue(sender, later(45_000)));
    expect([early.status, early.code, early.params, early.headers]).toEqual([
      429,
      'OTP_RESEND_TOO_SOON',
      { seconds: '15' },
      { 'Retry-After': '15' },
    ]);
    expect(sender.sent).toHaveLength(1);
    await issue(sender, later(OTP_RESEND_COOLDOWN_MS));
    const second = codeIn(sender.sent[1]?.body ?? '');
    if (first !== second) {
      const old = await errorOf(consume(first, later(61_000)));
      expect(old.code).toBe('PIN_RESET_INVALID_CODE');
    }
    await expect(consume(second, later(62_000))).resolves.toBeUndefined();
  });

  it('lets a new code follow at once when the previous one was used', async () => {
    const sender = capturingSender();
    await issue(sender, T0);
    await consume(codeIn(sender.sent[0]?.body ?? ''), later(2000));
    await expect(issue(sender, later(3000))).resolves.toMatchObject({ sentTo: '***4567' });
  });

  it('refuses a user without a mobile phone and marks a failed delivery', async () => {
    const noPhone = await errorOf(
      issueCode(database.db, recordOnlySender, {
        user: { id: userId, mobilePhone: null },
        purpose: 'login',
        binding: 'b1',
        message: (code) => code,
        now: T0,
      }),
    );
    expect(noPhone.code).toBe('SIGN_OTP_ERROR');
    const broken: SmsSender = {
      name: 'broken',
      send: async () => {
        throw new Error('gateway down');
      },
    };
    await expect(issue(broken, T0)).rejects.toThrow('gateway down');
    const [sms] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, PHONE));
    expect(sms?.status).toBe('FAILED');
  });
});
