import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import type { PushSubscriptionInput } from '../../../src/contract';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import { HttpError } from '../../http-error';

/** Devices per user: a phone, a tablet, a few browsers. The oldest goes when a new one comes. */
export const MAX_PUSH_DEVICES = 10;

/** `https://*.notify.windows.com` matches any host under that domain. */
export function endpointAllowed(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((origin) => {
    const allowed = new URL(origin.replace('*.', 'wildcard.'));
    if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false;
    return origin.includes('*.')
      ? url.hostname.endsWith(allowed.hostname.slice('wildcard'.length))
      : url.hostname === allowed.hostname;
  });
}

/**
 * Keeps this device's subscription for the user. A subscription stays with its user: it moves to another
 * only when the same browser registers it again (the same keys: a new login on that browser), never for
 * whoever merely knows the endpoint. The refusal is the reply to an endpoint outside the push services, so
 * it names no owner (docs/decisions.md, 2026-11-27). One statement decides, so parallel requests cannot
 * slip a move past the check.
 */
export async function saveSubscription(
  db: Database,
  userId: number,
  input: PushSubscriptionInput,
  origins: readonly string[],
  now: Date,
): Promise<void> {
  if (!endpointAllowed(input.endpoint, origins)) throw endpointRefused();
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, language: input.language };
  await db.transaction(async (tx) => {
    // One device list changes at a time per user, or parallel subscriptions could pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [saved] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: input.endpoint, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: now },
        setWhere: or(
          eq(pushSubscriptions.userId, userId),
          and(eq(pushSubscriptions.p256dh, input.keys.p256dh), eq(pushSubscriptions.auth, input.keys.auth)),
        ),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) throw endpointRefused();
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

const endpointRefused = (): HttpError =>
  new HttpError(400, 'BAD_REQUEST', [{ field: 'endpoint', code: 'invalid' }]);

/** Only the user's own device: an endpoint of someone else is left alone, silently. */
export async function removeSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
