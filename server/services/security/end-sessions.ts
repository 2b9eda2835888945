import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oidcPayloads, pushSubscriptions, trustedDevices, users } from '../../db/schema';

export interface EndedSessions {
  grants: number;
  devices: number;
  pushSubscriptions: number;
}

/**
 * Ends what keeps the user signed in anywhere: every grant of the identity provider (the API checks the
 * grant on each call, so access tokens answer 401 at once) with its refresh and access tokens and codes,
 * every login session, every remembered device and every push subscription. `keepGrantId`: the grant of
 * the browser asking (a password change keeps its own session), kept with its tokens and its session.
 * The user's accounts are their own subject and their guest accounts (`<subject>#g<grant>`).
 */
export async function endAccountSessions(
  db: Database,
  input: { userId: number; keepGrantId?: string },
): Promise<EndedSessions> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ subject: users.subject }).from(users).where(eq(users.id, input.userId));
    if (!user) return { grants: 0, devices: 0, pushSubscriptions: 0 };
    const ofAccount = or(
      sql`${oidcPayloads.payload} ->> 'accountId' = ${user.subject}`,
      sql`starts_with(${oidcPayloads.payload} ->> 'accountId', ${`${user.subject}#g`})`,
    );
    const keep = input.keepGrantId ?? '';
    const grants = await tx
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Grant'), ofAccount, ne(oidcPayloads.id, keep)))
      .returning({ id: oidcPayloads.id });
    const grantIds = grants.map((grant) => grant.id);
    if (grantIds.length > 0) await tx.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, grantIds));
    // A login session names its grants per client; the asking browser's session holds the kept one.
    await tx.delete(oidcPayloads).where(
      and(
        eq(oidcPayloads.type, 'Session'),
        ofAccount,
        sql`not exists (
            select 1 from jsonb_each(coalesce(${oidcPayloads.payload} -> 'authorizations', '{}'::jsonb)) as authorization_entry
            where authorization_entry.value ->> 'grantId' = ${keep})`,
      ),
    );
    const devices = await tx
      .update(trustedDevices)
      .set({ revoked: true })
      .where(and(eq(trustedDevices.userId, input.userId), eq(trustedDevices.revoked, false)))
      .returning({ tokenHash: trustedDevices.tokenHash });
    const subscriptions = await tx
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, input.userId))
      .returning({ id: pushSubscriptions.id });
    return { grants: grantIds.length, devices: devices.length, pushSubscriptions: subscriptions.length };
  });
}
