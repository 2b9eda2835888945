import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PinResetCodeSent, PinResetDone } from '../../../src/contract';
import type { Language } from '../../../src/contract/language';
import type { Database } from '../../db/client';
import { signingCredentials, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { consumeCode, issueCode } from '../otp';
import { hashPassword } from '../password';
import { findCredential, issueCredential } from '../signing/credentials';
import { maskPhone, type SmsSender, sendSms } from '../sms/outbox';

const FISCAL_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

const texts = {
  it: {
    code: (code: string) =>
      `${code} è il codice di sicurezza per il reset del PIN di firma. Valido 10 minuti. Non comunicarlo a nessuno.`,
    pin: (pin: string) =>
      `Il tuo nuovo PIN di firma è ${pin}. Conservalo con cura e non comunicarlo a nessuno.`,
  },
  en: {
    code: (code: string) =>
      `${code} is the security code to reset your signing PIN. Valid for 10 minutes. Do not share it.`,
    pin: (pin: string) => `Your new signing PIN is ${pin}. Keep it safe and do not share it.`,
  },
} satisfies Record<Language, { code: (value: string) => string; pin: (value: string) => string }>;

/** The enabled user with this username or fiscal code who can receive an SMS, else null. */
export async function findResetUser(db: Database, identifier: string): Promise<UserRow | null> {
  const value = identifier.trim();
  const upper = value.toUpperCase();
  const rows = FISCAL_CODE.test(upper)
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.fiscalCode, upper), eq(users.enabled, true)))
        .limit(5)
    : await db
        .select()
        .from(users)
        .where(and(eq(users.username, value.toLowerCase()), eq(users.enabled, true)))
        .limit(1);
  // A fiscal code shared by two accounts names nobody for sure, unless they are one person's accounts
  // (users.person_key): then the account they log in with (the others are reached by switching).
  const person = rows[0]?.personKey ?? null;
  const onePerson = rows.length > 1 && person !== null && rows.every((row) => row.personKey === person);
  const candidates = onePerson ? rows.filter((row) => row.passwordHash !== null) : rows;
  const [user] = candidates.length === 1 ? candidates : [];
  return user?.mobilePhone ? user : null;
}

const binding = (user: UserRow): string => `pin-reset:${user.id}`;

/** Step 1: the 6-character security code by SMS. */
export async function sendPinResetCode(
  db: Database,
  sender: SmsSender,
  input: { identifier: string; language: Language; now?: Date },
): Promise<PinResetCodeSent> {
  const user = await findResetUser(db, input.identifier);
  if (!user) throw new HttpError(400, 'PIN_RESET_INVALID_USER');
  const issued = await issueCode(db, sender, {
    user,
    purpose: 'pin-reset',
    binding: binding(user),
    alphanumeric: true,
    message: texts[input.language].code,
    ...(input.now ? { now: input.now } : {}),
  });
  return {
    sentTo: issued.sentTo,
    expiresAt: issued.expiresAt.toISOString(),
    resendAvailableAt: issued.resendAvailableAt.toISOString(),
  };
}

/**
 * Step 2: with the right code, a new 6-digit PIN replaces the old one (only its scrypt hash is kept),
 * clears the PIN lock and goes to the user by SMS. A user without a signing credential gets one.
 */
export async function confirmPinReset(
  db: Database,
  sender: SmsSender,
  input: { identifier: string; code: string; language: Language; now?: Date; logger?: Logger },
): Promise<PinResetDone> {
  const now = input.now ?? new Date();
  const user = await findResetUser(db, input.identifier);
  if (!user?.mobilePhone) throw new HttpError(400, 'PIN_RESET_INVALID_USER');
  await consumeCode(db, {
    userId: user.id,
    purpose: 'pin-reset',
    binding: binding(user),
    code: input.code,
    wrongCodeError: 'PIN_RESET_INVALID_CODE',
    now,
  });
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pinHash = await hashPassword(pin);
  const credential = await findCredential(db, user.id);
  if (credential) {
    await db
      .update(signingCredentials)
      .set({ pinHash, failedPinAttempts: 0, lockedUntil: null })
      .where(eq(signingCredentials.id, credential.id));
  } else {
    await issueCredential(db, user, { pinHash, now, ...(input.logger ? { logger: input.logger } : {}) });
  }
  await sendSms(db, sender, {
    userId: user.id,
    to: user.mobilePhone,
    body: texts[input.language].pin(pin),
    purpose: 'pin-reset',
    now,
  });
  return { sentTo: maskPhone(user.mobilePhone) };
}
