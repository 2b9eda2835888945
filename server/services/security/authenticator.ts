import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AuthenticatorPending, AuthenticatorStatus, StepUpProof } from '../../../src/contract';
import type { Language } from '../../../src/contract/language';
import { MAX_TOTP_FAILURES } from '../../auth/second-factor';
import { keyEncryptionKey, openPrivateKey, sealPrivateKey } from '../../auth/secret';
import { base32Encode, generateTotpSecret, matchTotp, otpauthUri, qrSvg } from '../../auth/totp';
import type { Database } from '../../db/client';
import { securityEvents, totpFactors, totpReenrolments } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { checkStepUp } from './step-up';

/** How long a new key waits for its first code before the old one is simply kept. */
export const REENROLMENT_VALIDITY_MS = 10 * 60 * 1000;

// The factor's own label: the sealed key moves into totp_factors as it is, never decrypted to move.
const labelOf = (userId: number): string => `totp:${userId}`;

const QR_NAME = {
  it: 'Codice QR per aggiungere questo account all’app di autenticazione',
  en: 'QR code to add this account to the authenticator app',
} as const;

export async function authenticatorStatus(db: Database, userId: number): Promise<AuthenticatorStatus> {
  const [row] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .limit(1);
  return { enrolledAt: row?.confirmedAt?.toISOString() ?? null };
}

/**
 * After the current authenticator's code (the step-up's counters: 5 per account and 20 per address in 15
 * minutes, and the code's single use), a new key waits in PostgreSQL for its first code. The confirmed
 * factor is not touched: it keeps working until the new key is confirmed. A second start replaces the
 * waiting key (and its count).
 */
export async function startReenrolment(
  db: Database,
  input: {
    user: { id: number; username: string };
    proof: StepUpProof;
    address: string;
    issuer: string;
    language: Language;
    logger: Logger;
    now?: Date;
  },
): Promise<AuthenticatorPending> {
  const { user, logger } = input;
  const now = input.now ?? new Date();
  await checkStepUp(db, {
    // Only the current authenticator proves a new one may replace it.
    target: { userId: user.id, username: user.username, stepUp: ['totp'] },
    proof: input.proof,
    address: input.address,
    logger,
    now,
  });
  const secret = generateTotpSecret();
  const encryptedSecret = sealPrivateKey(secret, keyEncryptionKey(logger), labelOf(user.id));
  const expiresAt = new Date(now.getTime() + REENROLMENT_VALIDITY_MS);
  const values = { encryptedSecret, failedAttempts: 0, createdAt: now, expiresAt };
  await db
    .insert(totpReenrolments)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: totpReenrolments.userId, set: values });
  const base32 = base32Encode(secret);
  const uri = otpauthUri(base32, { issuer: input.issuer, account: user.username });
  logger.info('security.authenticator.started', { userId: user.id });
  return {
    secret: base32,
    uri,
    qrSvg: qrSvg(uri, QR_NAME[input.language]),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The new key's first code. One statement takes an attempt before the code is compared (5 per waiting
 * key), so parallel guesses cannot all be looked at; a right code moves the key into `totp_factors` in
 * one transaction that first deletes the waiting row, so of parallel right codes one replaces the key.
 * The step used is recorded: the same code cannot then sign in. A wrong code changes nothing.
 */
export async function confirmReenrolment(
  db: Database,
  input: { userId: number; code: string; address: string; logger: Logger; now?: Date },
): Promise<AuthenticatorStatus> {
  const { userId, logger } = input;
  const now = input.now ?? new Date();
  const live = and(eq(totpReenrolments.userId, userId), gt(totpReenrolments.expiresAt, now));
  const [claimed] = await db
    .update(totpReenrolments)
    .set({ failedAttempts: sql`${totpReenrolments.failedAttempts} + 1` })
    .where(and(live, lt(totpReenrolments.failedAttempts, MAX_TOTP_FAILURES)))
    .returning({ encryptedSecret: totpReenrolments.encryptedSecret });
  if (!claimed) {
    const [waiting] = await db.select({ userId: totpReenrolments.userId }).from(totpReenrolments).where(live);
    if (waiting) throw new HttpError(429, 'ACCOUNT_STEP_UP_LOCKED', undefined, { 'Retry-After': '900' });
    throw new HttpError(409, 'AUTHENTICATOR_ENROLMENT_EXPIRED');
  }
  const secret = openPrivateKey(claimed.encryptedSecret, keyEncryptionKey(logger), labelOf(userId));
  const step = matchTotp(secret, input.code, now);
  if (step === null) {
    logger.info('security.authenticator.wrong_code', { userId, address: input.address });
    throw new HttpError(400, 'ACCOUNT_STEP_UP_WRONG');
  }
  const replaced = await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(totpReenrolments)
      .where(live)
      .returning({ encryptedSecret: totpReenrolments.encryptedSecret });
    // Another request confirmed it first, or a new start replaced the key this code belongs to.
    if (!taken || !Buffer.from(taken.encryptedSecret).equals(Buffer.from(claimed.encryptedSecret)))
      return false;
    await tx
      .update(totpFactors)
      .set({
        encryptedSecret: taken.encryptedSecret,
        confirmedAt: now,
        lastUsedStep: step,
        failedAttempts: 0,
      })
      .where(eq(totpFactors.userId, userId));
    await tx
      .insert(securityEvents)
      .values({ at: now, userId, event: 'AUTHENTICATOR_REPLACED', address: input.address });
    return true;
  });
  if (!replaced) throw new HttpError(409, 'AUTHENTICATOR_ENROLMENT_EXPIRED');
  logger.info('security.authenticator.replaced', { userId });
  return { enrolledAt: now.toISOString() };
}
