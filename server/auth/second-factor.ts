import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { totpFactors } from '../db/schema';
import type { Logger } from '../logger';
import { LOGIN_WINDOW_MS } from './rate-limit';
import { keyEncryptionKey, openPrivateKey, sealPrivateKey } from './secret';
import { base32Encode, generateTotpSecret, matchTotp } from './totp';

/** Wrong codes allowed per 15-minute window before the code step refuses without looking. */
export const MAX_TOTP_FAILURES = 5;

export type FactorState = 'none' | 'enrolling' | 'enrolled';
export type TotpOutcome = 'ok' | 'wrong' | 'replayed' | 'locked' | 'none';

const labelOf = (userId: number): string => `totp:${userId}`;

export async function factorState(db: Database, userId: number): Promise<FactorState> {
  const [row] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .limit(1);
  return !row ? 'none' : row.confirmedAt ? 'enrolled' : 'enrolling';
}

/** Stores a factor already confirmed (the demo seed's fixed secret), replacing any other. */
export async function storeConfirmedFactor(
  db: Database,
  input: { userId: number; secret: Uint8Array; now?: Date; logger?: Logger },
): Promise<void> {
  const encryptedSecret = sealPrivateKey(input.secret, keyEncryptionKey(input.logger), labelOf(input.userId));
  const values = {
    encryptedSecret,
    confirmedAt: input.now ?? new Date(),
    lastUsedStep: null,
    failedAttempts: 0,
  };
  await db
    .insert(totpFactors)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: totpFactors.userId, set: values });
}

/**
 * The base32 secret awaiting confirmation: the one already drawn (a reload shows the same key), or a
 * new one. Never touches a confirmed factor: answers null then.
 */
export async function enrolmentSecret(db: Database, userId: number, logger?: Logger): Promise<string | null> {
  const sealed = sealPrivateKey(generateTotpSecret(), keyEncryptionKey(logger), labelOf(userId));
  await db.insert(totpFactors).values({ userId, encryptedSecret: sealed }).onConflictDoNothing();
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  if (!row || row.confirmedAt) return null;
  return base32Encode(openPrivateKey(row.encryptedSecret, keyEncryptionKey(logger), labelOf(userId)));
}

/** The plain secret of a user's factor (what the authenticator app holds), or null. */
export async function readTotpSecret(db: Database, userId: number, logger?: Logger): Promise<Buffer | null> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row ? openPrivateKey(row.encryptedSecret, keyEncryptionKey(logger), labelOf(userId)) : null;
}

/**
 * Checks a code of the user's factor (the enrolling one when `enrolling`, else the confirmed one).
 * One statement takes an attempt before the code is looked at: it counts and decides together, so
 * parallel guesses cannot all slip under the limit. A right code is taken once, by a second
 * statement that only moves the last used step forward: a replay, here or in another process, finds
 * nothing to update. Success clears the count and confirms an enrolling factor.
 */
export async function verifyTotp(
  db: Database,
  input: { userId: number; code: string; enrolling: boolean; now?: Date; logger?: Logger },
): Promise<TotpOutcome> {
  const now = input.now ?? new Date();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  const expired = sql`${totpFactors.attemptsWindowStartedAt} <= ${windowStart}`;
  const stateMatches = input.enrolling ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt);
  const [claimed] = await db
    .update(totpFactors)
    .set({
      failedAttempts: sql`case when ${expired} then 1 else ${totpFactors.failedAttempts} + 1 end`,
      attemptsWindowStartedAt: sql`case when ${expired} then ${nowSql} else ${totpFactors.attemptsWindowStartedAt} end`,
    })
    .where(
      and(
        eq(totpFactors.userId, input.userId),
        stateMatches,
        or(expired, lt(totpFactors.failedAttempts, MAX_TOTP_FAILURES)),
      ),
    )
    .returning({ encryptedSecret: totpFactors.encryptedSecret });
  if (!claimed) {
    const [row] = await db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, input.userId), stateMatches))
      .limit(1);
    return row ? 'locked' : 'none';
  }
  const secret = openPrivateKey(
    claimed.encryptedSecret,
    keyEncryptionKey(input.logger),
    labelOf(input.userId),
  );
  const step = matchTotp(secret, input.code, now);
  if (step === null) return 'wrong';
  const taken = await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      failedAttempts: 0,
      confirmedAt: sql`coalesce(${totpFactors.confirmedAt}, ${nowSql})`,
    })
    .where(
      and(
        eq(totpFactors.userId, input.userId),
        stateMatches,
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return taken.length === 1 ? 'ok' : 'replayed';
}
