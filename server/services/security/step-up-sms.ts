import type { StepUpCodeSent } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Language } from '../language';
import { consumeCode, issueCode } from '../otp';
import type { SmsSender } from '../sms/outbox';

const texts: Record<Language, (code: string) => string> = {
  it: (code) =>
    `${code} è il codice per confermare la modifica della sicurezza del tuo account. Valido 10 minuti. Non comunicarlo a nessuno.`,
  en: (code) =>
    `${code} is the code to confirm a change to your account security. Valid for 10 minutes. Do not share it.`,
};

/** One open step-up code per user: a new request replaces it (`issueCode`). */
const binding = (userId: number): string => `step-up:${userId}`;

/**
 * Sends the signed-in user a fresh 6-digit code to the phone on record, as the login's code step does:
 * the same validity (10 minutes), resend cooldown (60 s, 429 OTP_RESEND_TOO_SOON) and counters.
 */
export async function sendStepUpCode(
  db: Database,
  sender: SmsSender,
  input: { user: Pick<UserRow, 'id' | 'mobilePhone'>; language: Language; now?: Date },
): Promise<StepUpCodeSent> {
  if (!input.user.mobilePhone) throw new HttpError(409, 'SECURITY_NO_PHONE');
  const issued = await issueCode(db, sender, {
    user: input.user,
    purpose: 'step-up',
    binding: binding(input.user.id),
    message: texts[input.language],
    ...(input.now ? { now: input.now } : {}),
  });
  return {
    sentTo: issued.sentTo,
    expiresAt: issued.expiresAt.toISOString(),
    resendAvailableAt: issued.resendAvailableAt.toISOString(),
  };
}

/**
 * Checks and consumes the user's open step-up code (single use, 5 wrong tries per code, in PostgreSQL).
 * The caller has taken an attempt from the login's counters first.
 */
export async function consumeStepUpCode(
  db: Database,
  input: { userId: number; code: string; now?: Date },
): Promise<void> {
  await consumeCode(db, {
    userId: input.userId,
    purpose: 'step-up',
    binding: binding(input.userId),
    code: input.code,
    wrongCodeError: 'SECURITY_CODE_WRONG',
    ...(input.now ? { now: input.now } : {}),
  });
}
