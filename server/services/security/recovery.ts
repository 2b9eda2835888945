import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Language } from '../../../src/contract/language';
import { LoginRateLimit } from '../../auth/rate-limit';
import { factorState } from '../../auth/second-factor';
import type { Database } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { HttpError } from '../../http-error';
import { consumeCode, issueCode, OTP_VALIDITY_MS } from '../otp';
import type { SmsSender } from '../sms/outbox';
import { findResetAccount } from './recovery-account';

export type ResetStage = 'code' | 'factor' | 'password' | 'done';

/**
 * Every step of the reset that runs before the SMS code is proven answers after at least this long, a
 * known user as an unknown one: the work differs (an SMS, a code compared), the time does not. It is well
 * above what that work takes on the test machines; a gateway slower than this would show, see
 * docs/decisions.md.
 */
export const RESET_ANSWER_FLOOR_MS = 800;

/** The reset as the pages see it: where it stands, for whom (null: the identifier named nobody). */
export interface PasswordReset {
  id: number;
  userId: number | null;
  limitKey: string;
  stage: ResetStage;
  expiresAt: Date;
}

/** Runs `work`, then waits out the rest of the floor: the answer's time says nothing about the account. */
export async function atFloor<T>(work: () => Promise<T>, floorMs = RESET_ANSWER_FLOOR_MS): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}

const limiterOf = (db: Database): LoginRateLimit => new LoginRateLimit(db, 'password-reset');
const codeBinding = (binding: string): string => `password-reset:${binding}`;

const codeText: Record<Language, (code: string) => string> = {
  it: (code) =>
    `${code} è il codice per reimpostare la password del Dossier Sanitario. Valido 10 minuti. Non comunicarlo a nessuno.`,
  en: (code) =>
    `${code} is the code to reset your Health Dossier password. Valid for 10 minutes. Do not share it.`,
};

/** Sends the code; a request within the minute's cooldown sends nothing and says nothing (same page). */
async function sendCode(
  db: Database,
  sender: SmsSender,
  input: {
    account: { id: number; mobilePhone: string };
    binding: string;
    language: Language;
    now: Date;
  },
): Promise<void> {
  try {
    await issueCode(db, sender, {
      user: input.account,
      purpose: 'password-reset',
      binding: codeBinding(input.binding),
      message: codeText[input.language],
      now: input.now,
    });
  } catch (error) {
    if (!(error instanceof HttpError && error.code === 'OTP_RESEND_TOO_SOON')) throw error;
  }
}

/**
 * Step 1: a username or fiscal code. Counted like a login attempt before anything is looked up (5 per
 * account or identifier, 20 per address, in 15 minutes), a known and an unknown user alike; then the
 * reset is recorded either way and, for a known user, the code goes by SMS. False when the limit is spent.
 */
export async function startReset(
  db: Database,
  sender: SmsSender,
  input: { binding: string; identifier: string; address: string; language: Language; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const account = await findResetAccount(db, input.identifier);
  const limitKey = account ? `user:${account.id}` : `id:${input.identifier.trim().toLowerCase()}`;
  if (!(await limiterOf(db).tryAttempt(limitKey, input.address))) return false;
  await db.insert(passwordResets).values({
    binding: input.binding,
    userId: account?.id ?? null,
    limitKey,
    stage: 'code',
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
  });
  if (account) await sendCode(db, sender, { account, binding: input.binding, language: input.language, now });
  return true;
}

/** The reset under way in this interaction (the latest, unfinished and not expired), or null. */
export async function currentReset(
  db: Database,
  binding: string,
  now = new Date(),
): Promise<PasswordReset | null> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.binding, binding),
        gt(passwordResets.expiresAt, now),
        ne(passwordResets.stage, 'done'),
      ),
    )
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    limitKey: row.limitKey,
    stage: row.stage as ResetStage,
    expiresAt: row.expiresAt,
  };
}

/** A new code for the same reset, under the same counters (and the code's own one-minute cooldown). */
export async function resendResetCode(
  db: Database,
  sender: SmsSender,
  input: {
    reset: PasswordReset;
    binding: string;
    address: string;
    language: Language;
    phone: string | null;
    now?: Date;
  },
): Promise<boolean> {
  const now = input.now ?? new Date();
  if (!(await limiterOf(db).tryAttempt(input.reset.limitKey, input.address))) return false;
  if (input.reset.userId !== null && input.phone) {
    const account = { id: input.reset.userId, mobilePhone: input.phone };
    await sendCode(db, sender, { account, binding: input.binding, language: input.language, now });
  }
  return true;
}

export type CodeOutcome = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'limited' | 'noFactor';

/**
 * Step 2: the SMS code, counted before it is compared. An unknown user's reset has no code: every code
 * is wrong. A right code moves the reset on, once: staff to their authenticator's code (staff without a
 * confirmed authenticator cannot reset here, 'noFactor'), everyone else to the new password.
 */
export async function checkResetCode(
  db: Database,
  input: {
    reset: PasswordReset;
    binding: string;
    code: string;
    address: string;
    userType: string | null;
    now?: Date;
  },
): Promise<CodeOutcome> {
  const { reset } = input;
  const now = input.now ?? new Date();
  const limiter = limiterOf(db);
  if (!(await limiter.tryAttempt(reset.limitKey, input.address))) return 'limited';
  if (reset.userId === null) return 'wrong';
  try {
    await consumeCode(db, {
      userId: reset.userId,
      purpose: 'password-reset',
      binding: codeBinding(input.binding),
      code: input.code.replace(/\s+/g, ''),
      wrongCodeError: 'UNAUTHENTICATED',
      now,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === 'OTP_EXPIRED') return 'expired';
    return error.code === 'OTP_TOO_MANY_ATTEMPTS' ? 'exhausted' : 'wrong';
  }
  await limiter.recordSuccess(reset.limitKey, input.address);
  const staff = input.userType !== 'PAT' && input.userType !== 'GUE';
  if (staff && (await factorState(db, reset.userId)) !== 'enrolled') {
    await advance(db, reset.id, 'code', 'done', now);
    return 'noFactor';
  }
  return (await advance(db, reset.id, 'code', staff ? 'factor' : 'password', now)) ? 'ok' : 'wrong';
}

/**
 * Moves the reset from one stage to the next in one conditional statement: of parallel requests exactly
 * one gets the row back. The next stage gets its own 10 minutes.
 */
export async function advance(
  db: Database,
  resetId: number,
  from: ResetStage,
  to: ResetStage,
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(passwordResets)
    .set({
      stage: to,
      expiresAt: new Date(now.getTime() + OTP_VALIDITY_MS),
      ...(to === 'done' ? { completedAt: now } : {}),
    })
    .where(
      and(eq(passwordResets.id, resetId), eq(passwordResets.stage, from), gt(passwordResets.expiresAt, now)),
    )
    .returning({ id: passwordResets.id });
  return moved.length === 1;
}

export { limiterOf as resetLimiter };
