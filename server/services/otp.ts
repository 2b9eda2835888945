import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../src/contract';
import type { Database } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { HttpError } from '../http-error';
import { maskPhone, type SmsSender, sendSms } from './sms/outbox';

/** Rules of every one-time code (signature, strong login, PIN reset). */
export const OTP_VALIDITY_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000;

/** 'sign-patient': a patient's code for a consent that staff collect (typed on the staff device). */
export type OtpPurpose = 'sign' | 'sign-patient' | 'login' | 'pin-reset' | 'step-up' | 'password-reset';

const DIGITS = '0123456789';
/** PIN-reset codes are 6 characters (spec section 5): no 0/O or 1/I/L to misread. */
const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function generateCode(alphabet: string): string {
  let code = '';
  for (let index = 0; index < 6; index += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

function hashCode(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code.trim().toUpperCase()}`).digest('hex');
}

export interface IssuedCode {
  sentTo: string;
  expiresAt: Date;
  resendAvailableAt: Date;
}

/**
 * Sends a new code by SMS, replacing any open code of the same user and purpose. A second request
 * within the cooldown answers 429 OTP_RESEND_TOO_SOON with the seconds to wait. A code already used
 * does not hold the next one back: the cooldown stops SMS flooding, and only the phone's owner can
 * use a code (a patient who logs out and back in at once gets a new login code).
 */
export async function issueCode(
  db: Database,
  sender: SmsSender,
  input: {
    user: { id: number; mobilePhone: string | null };
    purpose: OtpPurpose;
    binding: string;
    message: (code: string) => string;
    alphanumeric?: boolean;
    now?: Date;
  },
): Promise<IssuedCode> {
  const now = input.now ?? new Date();
  if (!input.user.mobilePhone) throw new HttpError(409, 'SIGN_OTP_ERROR');
  const [last] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.user.id),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const waitMs = last ? last.createdAt.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = String(Math.ceil(waitMs / 1000));
    throw new HttpError(429, 'OTP_RESEND_TOO_SOON', undefined, { 'Retry-After': seconds }, { seconds });
  }
  const code = generateCode(input.alphanumeric ? UNAMBIGUOUS : DIGITS);
  const expiresAt = new Date(now.getTime() + OTP_VALIDITY_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ invalidatedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, input.user.id),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.consumedAt),
          isNull(oneTimeCodes.invalidatedAt),
        ),
      );
    const [row] = await tx
      .insert(oneTimeCodes)
      .values({
        userId: input.user.id,
        purpose: input.purpose,
        binding: input.binding,
        codeHash: 'pending',
        createdAt: now,
        expiresAt,
      })
      .returning({ id: oneTimeCodes.id });
    if (!row) throw new Error('code not stored');
    await tx
      .update(oneTimeCodes)
      .set({ codeHash: hashCode(String(row.id), code) })
      .where(eq(oneTimeCodes.id, row.id));
  });
  await sendSms(db, sender, {
    userId: input.user.id,
    to: input.user.mobilePhone,
    body: input.message(code),
    purpose: input.purpose,
    now,
  });
  return {
    sentTo: maskPhone(input.user.mobilePhone),
    expiresAt,
    resendAvailableAt: new Date(now.getTime() + OTP_RESEND_COOLDOWN_MS),
  };
}

/**
 * Checks and consumes the open code of this user and purpose. A code bound to something else answers
 * `contextError`; a wrong code counts, and the fifth wrong one invalidates the code.
 */
export async function consumeCode(
  db: Database,
  input: {
    userId: number;
    purpose: OtpPurpose;
    binding: string;
    code: string;
    wrongCodeError: ErrorCode;
    contextError?: ErrorCode;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const [open] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!open) throw new HttpError(409, input.contextError ?? input.wrongCodeError);
  if (open.invalidatedAt) {
    if (open.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS) throw new HttpError(409, 'OTP_TOO_MANY_ATTEMPTS');
    throw new HttpError(409, input.contextError ?? input.wrongCodeError);
  }
  if (open.binding !== input.binding) throw new HttpError(409, input.contextError ?? input.wrongCodeError);
  if (open.expiresAt <= now) throw new HttpError(409, 'OTP_EXPIRED');
  // One statement counts the attempt and decides before the code is compared: of N parallel guesses only
  // as many as the limit leaves are compared (the row lock serialises them).
  const [taken] = await db
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, open.id),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.invalidatedAt),
        lt(oneTimeCodes.failedAttempts, OTP_MAX_FAILED_ATTEMPTS),
      ),
    )
    .returning({ failedAttempts: oneTimeCodes.failedAttempts });
  if (!taken) {
    const exhausted = (await attemptsOf(db, open.id)) >= OTP_MAX_FAILED_ATTEMPTS;
    throw new HttpError(
      409,
      exhausted ? 'OTP_TOO_MANY_ATTEMPTS' : (input.contextError ?? input.wrongCodeError),
    );
  }
  const expected = Buffer.from(open.codeHash, 'hex');
  const given = Buffer.from(hashCode(String(open.id), input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const exhausted = taken.failedAttempts >= OTP_MAX_FAILED_ATTEMPTS;
    if (exhausted)
      await db.update(oneTimeCodes).set({ invalidatedAt: now }).where(eq(oneTimeCodes.id, open.id));
    throw new HttpError(exhausted ? 409 : 400, exhausted ? 'OTP_TOO_MANY_ATTEMPTS' : input.wrongCodeError);
  }
  // Single use, also against a concurrent second use: only one update finds the code still open. The
  // attempt was right, so it is no longer counted as a failure.
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now, failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
    .where(
      and(eq(oneTimeCodes.id, open.id), isNull(oneTimeCodes.consumedAt), isNull(oneTimeCodes.invalidatedAt)),
    )
    .returning({ id: oneTimeCodes.id });
  if (consumed.length !== 1) throw new HttpError(409, input.contextError ?? input.wrongCodeError);
}

async function attemptsOf(db: Database, codeId: number): Promise<number> {
  const [row] = await db
    .select({ failedAttempts: oneTimeCodes.failedAttempts })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.id, codeId));
  return row?.failedAttempts ?? OTP_MAX_FAILED_ATTEMPTS;
}
