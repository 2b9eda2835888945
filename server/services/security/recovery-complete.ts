import { and, eq, gt } from 'drizzle-orm';
import type { PasswordProblem } from '../../../src/contract';
import type { Language } from '../../../src/contract/language';
import { verifyTotp } from '../../auth/second-factor';
import type { Database } from '../../db/client';
import { passwordResets, securityEvents, users } from '../../db/schema';
import type { Logger } from '../../logger';
import { hashPassword } from '../password';
import { type SmsSender, sendSms } from '../sms/outbox';
import { endAccountSessions } from './end-sessions';
import { passwordProblem } from './password-policy';
import { advance, type PasswordReset, resetLimiter } from './recovery';
import { identifiersOf, type ResetAccount } from './recovery-account';

export type FactorOutcome = 'ok' | 'wrong' | 'limited';

/**
 * Staff's extra step: the authenticator's code, under the reset's counters and the factor's own (its
 * count and last used step, `verifyTotp`), so a code works once, here or at the login. A passkey will be
 * the other way through this step: it ends in the same `advance`.
 */
export async function checkResetFactor(
  db: Database,
  input: { reset: PasswordReset; code: string; address: string; now?: Date; logger?: Logger },
): Promise<FactorOutcome> {
  const { reset } = input;
  const now = input.now ?? new Date();
  const limiter = resetLimiter(db);
  if (reset.userId === null || !(await limiter.tryAttempt(reset.limitKey, input.address))) return 'limited';
  const outcome = await verifyTotp(db, {
    userId: reset.userId,
    code: input.code.replace(/\s+/g, ''),
    enrolling: false,
    now,
    ...(input.logger ? { logger: input.logger } : {}),
  });
  if (outcome === 'locked') return 'limited';
  if (outcome !== 'ok') return 'wrong';
  await limiter.recordSuccess(reset.limitKey, input.address);
  return (await advance(db, reset.id, 'factor', 'password', now)) ? 'ok' : 'wrong';
}

export type NewPasswordRefusal = PasswordProblem | 'missing' | 'mismatch';

const changedText: Record<Language, string> = {
  it: 'La password del tuo account del Dossier Sanitario è stata reimpostata e ogni accesso è stato chiuso. Se non sei stato tu, chiama subito l’assistenza.',
  en: 'Your Health Dossier password was reset and every session was signed out. If this was not you, call the help desk at once.',
};

/** Why a new password is refused, or null: present, the same twice, and the shared policy. */
export async function newPasswordRefusal(
  db: Database,
  account: ResetAccount,
  password: string,
  confirmation: string,
): Promise<NewPasswordRefusal | null> {
  if (!password || !confirmation) return 'missing';
  const problem = passwordProblem(password, await identifiersOf(db, account));
  if (problem) return problem;
  return password === confirmation ? null : 'mismatch';
}

/**
 * Last step: the new password replaces the old one. The reset moves to 'done' in the same transaction
 * as the hash and the audit row, so of parallel submissions one changes the password. Then every session
 * of the account ends (grants, refresh tokens, IdP sessions, remembered devices, push subscriptions) and
 * an SMS says what happened. False when the reset was already used or expired.
 */
export async function completeReset(
  db: Database,
  sender: SmsSender,
  input: {
    reset: PasswordReset;
    account: ResetAccount;
    password: string;
    address: string;
    language: Language;
    now?: Date;
  },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ stage: 'done', completedAt: now })
      .where(
        and(
          eq(passwordResets.id, input.reset.id),
          eq(passwordResets.stage, 'password'),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ id: passwordResets.id });
    if (!claimed) return false;
    await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false })
      .where(eq(users.id, input.account.id));
    return true;
  });
  if (!done) return false;
  const ended = await endAccountSessions(db, { userId: input.account.id });
  await db.insert(securityEvents).values({
    at: now,
    userId: input.account.id,
    event: 'PASSWORD_RESET',
    address: input.address,
    detail: `grants=${ended.grants} devices=${ended.devices} push=${ended.pushSubscriptions}`,
  });
  await sendSms(db, sender, {
    userId: input.account.id,
    to: input.account.mobilePhone,
    body: changedText[input.language],
    purpose: 'password-changed',
    now,
  });
  return true;
}
