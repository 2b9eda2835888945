import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oidcPayloads, pushSubscriptions, securityDeviceEvents, trustedDevices } from '../../db/schema';
import { HttpError } from '../../http-error';
import { liveRememberedDevices, liveSessions, pushDevices } from './devices';
import { deviceIdOf, kindOfId } from './devices-ids';

export type DeviceAction = 'REVOKE_SESSION' | 'REVOKE_REMEMBERED' | 'REVOKE_PUSH' | 'SIGN_OUT_EVERYWHERE';

/** The account's own trail: who ended what, and refusals (someone trying ids that are not theirs). */
export async function recordDeviceEvent(
  db: Database,
  entry: {
    userId: number;
    action: DeviceAction | 'REVOKE_UNKNOWN';
    outcome: 'ALLOWED' | 'DENIED';
    detail?: string;
  },
): Promise<void> {
  await db.insert(securityDeviceEvents).values({ ...entry, detail: entry.detail ?? null });
}

/**
 * Ends one grant: the grant, its tokens and codes (the API's liveness check then refuses its access
 * tokens at once), and the login session that holds it, so the browser cannot quietly get a new one.
 */
export async function endGrant(db: Database, grantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(oidcPayloads)
      .where(
        or(
          and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)),
          eq(oidcPayloads.grantId, grantId),
        ),
      );
    await tx.delete(oidcPayloads).where(
      and(
        eq(oidcPayloads.type, 'Session'),
        sql`exists (
            select 1 from jsonb_each(coalesce(${oidcPayloads.payload} -> 'authorizations', '{}'::jsonb)) as authorization_entry
            where authorization_entry.value ->> 'grantId' = ${grantId})`,
      ),
    );
  });
}

/**
 * Revokes one of the user's devices by its list id. An id that is not one of the user's live devices
 * (another user's, one already gone) answers 404 and is recorded as refused. Answers whether the
 * revoked device is the asking browser's own session (it is then signed out).
 */
export async function revokeDevice(
  db: Database,
  input: { userId: number; id: string; grantId: string | undefined; now: Date },
): Promise<{ signedOut: boolean }> {
  const kind = kindOfId(input.id);
  const refuse = async (): Promise<never> => {
    await recordDeviceEvent(db, { userId: input.userId, action: 'REVOKE_UNKNOWN', outcome: 'DENIED' });
    throw new HttpError(404, 'NOT_FOUND');
  };
  if (kind === 'session') {
    const sessions = await liveSessions(db, input.userId, input.now);
    const session = sessions.find((row) => deviceIdOf('session', row.grantId) === input.id);
    if (!session) return refuse();
    await endGrant(db, session.grantId);
    await recordDeviceEvent(db, { userId: input.userId, action: 'REVOKE_SESSION', outcome: 'ALLOWED' });
    return { signedOut: session.grantId === input.grantId };
  }
  if (kind === 'remembered') {
    const devices = await liveRememberedDevices(db, input.userId, input.now);
    const device = devices.find((row) => deviceIdOf('remembered', row.tokenHash) === input.id);
    if (!device) return refuse();
    await db
      .update(trustedDevices)
      .set({ revoked: true })
      .where(and(eq(trustedDevices.tokenHash, device.tokenHash), eq(trustedDevices.userId, input.userId)));
    await recordDeviceEvent(db, { userId: input.userId, action: 'REVOKE_REMEMBERED', outcome: 'ALLOWED' });
    return { signedOut: false };
  }
  if (kind === 'push') {
    const devices = await pushDevices(db, input.userId);
    const device = devices.find((row) => deviceIdOf('push', row.endpoint) === input.id);
    if (!device) return refuse();
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.userId, input.userId)));
    await recordDeviceEvent(db, { userId: input.userId, action: 'REVOKE_PUSH', outcome: 'ALLOWED' });
    return { signedOut: false };
  }
  return refuse();
}
