import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  pushSubscriptions,
  securityPushAgents,
  securitySessions,
  trustedDevices,
  users,
} from '../../db/schema';
import { type DescribedAgent, describeAgent } from './devices-agent';

/** Last use moves at most this often: a token refresh every few minutes, never a write per API call. */
export const LAST_USE_RESOLUTION_MS = 60_000;
/** Session rows are kept this long after their last use. */
const HISTORY_MS = 90 * 24 * 3600_000;

export interface RecordedGrant {
  userId: number;
  agent: DescribedAgent;
}

/**
 * Called by the IdP when it grants the portal a new session: who, which browser, since when, and the
 * remembered device the browser holds (`trustedHashes`: the hashes of the tokens in its cookie), so the
 * list can say which remembered device is this one. Answers null for a subject without a user row.
 */
export async function recordGrant(
  db: Database,
  input: {
    grantId: string;
    subject: string;
    userAgent: string | undefined;
    trustedHashes: string[];
    now: Date;
  },
): Promise<RecordedGrant | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.subject, input.subject))
    .limit(1);
  if (!user) return null;
  const agent = describeAgent(input.userAgent);
  const [device] =
    input.trustedHashes.length === 0
      ? []
      : await db
          .select({ tokenHash: trustedDevices.tokenHash })
          .from(trustedDevices)
          .where(
            and(
              inArray(trustedDevices.tokenHash, input.trustedHashes),
              eq(trustedDevices.userId, user.id),
              eq(trustedDevices.revoked, false),
              gt(trustedDevices.expiresAt, input.now),
            ),
          )
          .limit(1);
  // A grant lives 12 hours at most: rows this old are history nobody lists, cleared at the user's next login.
  await db
    .delete(securitySessions)
    .where(
      and(
        eq(securitySessions.userId, user.id),
        lt(securitySessions.lastUsedAt, new Date(input.now.getTime() - HISTORY_MS)),
      ),
    );
  await db
    .insert(securitySessions)
    .values({
      grantId: input.grantId,
      userId: user.id,
      browser: agent.browser,
      system: agent.system,
      trustedDeviceHash: device?.tokenHash ?? null,
      firstUsedAt: input.now,
      lastUsedAt: input.now,
    })
    .onConflictDoNothing();
  return { userId: user.id, agent };
}

/** A token request on the grant (code exchange or refresh): its last use, at most once a minute. */
export async function touchGrant(db: Database, grantId: string, now: Date): Promise<void> {
  await db
    .update(securitySessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(securitySessions.grantId, grantId),
        lt(securitySessions.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS)),
      ),
    );
}

/** The browser that just subscribed (or renewed) a push device of the user: the list names it. */
export async function notePushAgent(
  db: Database,
  input: { userId: number; endpoint: string; userAgent: string | undefined },
): Promise<void> {
  const [subscription] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, input.userId)))
    .limit(1);
  if (!subscription) return;
  const { browser, system } = describeAgent(input.userAgent);
  try {
    await db
      .insert(securityPushAgents)
      .values({ subscriptionId: subscription.id, browser, system })
      .onConflictDoUpdate({ target: securityPushAgents.subscriptionId, set: { browser, system } });
  } catch (error) {
    // A parallel subscription of the same user evicted this one (at most 10 devices): nothing to name.
    if (!isForeignKeyViolation(error)) throw error;
  }
}

/** PostgreSQL's 23503, wherever the driver nests it (drizzle wraps the driver's error as `cause`). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    if ((cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
