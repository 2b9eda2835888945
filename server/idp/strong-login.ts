import type { ServerResponse } from 'node:http';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Database } from '../db/client';
import { oneTimeCodes, users } from '../db/schema';
import { HttpError } from '../http-error';
import { issueCode, OTP_RESEND_COOLDOWN_MS } from '../services/otp';
import { maskPhone, type SmsSender } from '../services/sms/outbox';
import type { Locale } from './locale';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Patients and guests add an SMS code to the password; everyone else (staff) an authenticator's code. */
const STRONG_LOGIN_USER_TYPES: ReadonlySet<string> = new Set(['PAT', 'GUE']);

/** Authentication methods (RFC 8176) written into the tokens' `amr`. */
export const AMR_SMS_CODE = ['pwd', 'sms', 'mfa'];
/** The remembered device stands in for the phone: a key the browser holds. */
export const AMR_TRUSTED_DEVICE = ['pwd', 'swk', 'mfa'];
export const AMR_TOTP = ['pwd', 'otp', 'mfa'];

/** Who passed the password step of this interaction and still owes the SMS code. */
export interface PendingStrongLogin {
  subject: string;
  userId: number;
  username: string;
  /** Empty for staff without a phone: they have no SMS fallback. */
  phone: string;
  /** Staff: the authenticator's code is owed ('totp'), or its enrolment; absent for the SMS code. */
  factor?: 'totp' | 'enrol';
}

export interface LoginUser {
  id: number;
  subject: string;
  username: string;
  userType: string;
  mobilePhone: string | null;
}

export function requiresStrongLogin(user: Pick<LoginUser, 'userType'>): boolean {
  return STRONG_LOGIN_USER_TYPES.has(user.userType);
}

export async function loginUserBySubject(db: Database, subject: string): Promise<LoginUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      subject: users.subject,
      username: users.username,
      userType: users.userType,
      mobilePhone: users.mobilePhone,
    })
    .from(users)
    .where(eq(users.subject, subject))
    .limit(1);
  return row ?? null;
}

/**
 * The pending step lives in the interaction (stored by the provider, tied to the browser's interaction
 * cookie), under a key oidc-provider does not read: resuming without `login` only asks to log in again.
 */
export function pendingOf(interaction: Interaction): PendingStrongLogin | null {
  const pending = interaction.result?.strongLogin as PendingStrongLogin | undefined;
  return pending && typeof pending.userId === 'number' ? pending : null;
}

export async function savePending(interaction: Interaction, pending: PendingStrongLogin): Promise<void> {
  interaction.result = { strongLogin: pending };
  await interaction.persist();
}

export interface CodeState {
  /** A live code was sent for this very interaction. */
  sent: boolean;
  /** Seconds before another code may be sent (0: now). */
  resendInSeconds: number;
  maskedPhone: string;
}

/** What the code page should say: a code is on its way, and when another may be requested. */
export async function codeState(
  db: Database,
  pending: PendingStrongLogin,
  binding: string,
  now = new Date(),
): Promise<CodeState> {
  const [last] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, pending.userId),
        eq(oneTimeCodes.purpose, 'login'),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const [live] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, pending.userId),
        eq(oneTimeCodes.purpose, 'login'),
        eq(oneTimeCodes.binding, binding),
        isNull(oneTimeCodes.consumedAt),
        isNull(oneTimeCodes.invalidatedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  const waitMs = last ? last.createdAt.getTime() + OTP_RESEND_COOLDOWN_MS - now.getTime() : 0;
  return {
    sent: Boolean(live),
    resendInSeconds: Math.max(0, Math.ceil(waitMs / 1000)),
    maskedPhone: maskPhone(pending.phone),
  };
}

const smsText: Record<Locale, (code: string) => string> = {
  it: (code) =>
    `${code} è il tuo codice di accesso al Dossier Sanitario. Valido 10 minuti. Non comunicarlo a nessuno.`,
  en: (code) => `${code} is your Health Dossier sign-in code. Valid for 10 minutes. Do not share it.`,
};

/** Sends the login code bound to the interaction; answers the seconds to wait when it is too soon. */
export async function sendLoginCode(
  db: Database,
  sender: SmsSender,
  input: { pending: PendingStrongLogin; binding: string; locale: Locale; now?: Date },
): Promise<{ sent: true } | { sent: false; waitSeconds: number }> {
  try {
    await issueCode(db, sender, {
      user: { id: input.pending.userId, mobilePhone: input.pending.phone },
      purpose: 'login',
      binding: input.binding,
      message: smsText[input.locale],
      ...(input.now ? { now: input.now } : {}),
    });
    return { sent: true };
  } catch (error) {
    if (error instanceof HttpError && error.code === 'OTP_RESEND_TOO_SOON') {
      return { sent: false, waitSeconds: Number(error.params?.seconds ?? 60) };
    }
    throw error;
  }
}

/** Adds a cookie without dropping one already set on the response (the language switch). */
export function appendCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  res.setHeader('Set-Cookie', [...list, cookie]);
}
