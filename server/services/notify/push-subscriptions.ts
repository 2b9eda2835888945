import { and, desc, eq, notInArray } from 'drizzle-orm';
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
 * Keeps this device's subscription for the user. A device has one subscription: the same endpoint
 * signed in as someone else now belongs to them (the previous user logged out or was replaced).
 */
export async function saveSubscription(
  db: Database,
  userId: number,
  input: PushSubscriptionInput,
  origins: readonly string[],
  now: Date,
): Promise<void> {
  if (!endpointAllowed(input.endpoint, origins)) {
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'endpoint', code: 'invalid' }]);
  }
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, language: input.language };
  await db.transaction(async (tx) => {
    // One device list changes at a time per user, or parallel subscriptions could pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: input.endpoint, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: now } });
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

/** Only the user's own device: an endpoint of someone else is left alone, silently. */
export async function removeSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
