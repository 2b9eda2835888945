import { and, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passkeyChallenges } from '../../../db/schema';
import { CHALLENGE_TTL_MS } from './relying-party';

export type ChallengePurpose = 'register' | 'login' | 'stepUp';

/**
 * Who a challenge belongs to: a signed-in user, a login interaction, or both. A registration keeps the
 * user handle it sent in `binding`; `undefined` there matches any binding.
 */
export interface ChallengeOwner {
  userId: number | null;
  binding?: string | null;
}

const ownerIs = (owner: ChallengeOwner): SQL | undefined =>
  and(
    owner.userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, owner.userId),
    owner.binding === undefined
      ? undefined
      : owner.binding === null
        ? isNull(passkeyChallenges.binding)
        : eq(passkeyChallenges.binding, owner.binding),
  );

/**
 * Stores a challenge the library generated. An owner holds one live challenge per purpose: asking again
 * replaces the earlier one, so repeated asks cannot pile rows up.
 */
export async function saveChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; owner: ChallengeOwner; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.purpose, input.purpose), ownerIs(input.owner)));
    await tx.insert(passkeyChallenges).values({
      challenge: input.challenge,
      purpose: input.purpose,
      userId: input.owner.userId,
      binding: input.owner.binding ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
  });
}

/**
 * Takes the challenge an answer carries, once: one DELETE … RETURNING decides, so of parallel answers with
 * the same challenge exactly one gets it, in any process. False when it was never ours, was for another
 * purpose or owner, expired, or was used already.
 */
export async function consumeChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; owner: ChallengeOwner; now?: Date },
): Promise<boolean> {
  return (await takeChallenge(db, input)) !== null;
}

/** `consumeChallenge`, answering the binding the challenge was saved with (null when none, or not taken). */
export async function takeChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; owner: ChallengeOwner; now?: Date },
): Promise<{ binding: string | null } | null> {
  const now = input.now ?? new Date();
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, input.challenge),
        eq(passkeyChallenges.purpose, input.purpose),
        ownerIs(input.owner),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ binding: passkeyChallenges.binding });
  return taken[0] ?? null;
}

/** Drops expired challenges (called with the IdP's sweep). */
export async function sweepChallenges(db: Database, now = new Date()): Promise<void> {
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
}
