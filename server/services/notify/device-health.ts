import { and, eq } from 'drizzle-orm';
import type { PushDeviceStatus } from '../../../src/contract';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/**
 * A device is silent when a push its push service took has gone unacknowledged this long. Two days:
 * a phone switched off over a weekend night is not silent; the push service itself keeps a push
 * one day (TIME_TO_LIVE_SECONDS), so by then the push is lost, not late.
 */
export const SILENT_AFTER_MS = 48 * 3600_000;

export function isSilent(device: { unackedSince: Date | null }, now: Date): boolean {
  return device.unackedSince !== null && now.getTime() - device.unackedSince.getTime() > SILENT_AFTER_MS;
}

/** This device of the user (its endpoint), or null: someone else's device is not found, as an unknown one. */
export async function deviceStatus(
  db: Database,
  userId: number,
  endpoint: string,
  now: Date,
): Promise<PushDeviceStatus | null> {
  const [device] = await db
    .select({ lastShownAt: pushSubscriptions.lastShownAt, unackedSince: pushSubscriptions.unackedSince })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  if (!device) return null;
  return { lastShownAt: device.lastShownAt?.toISOString() ?? null, stale: isSilent(device, now) };
}
