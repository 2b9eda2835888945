import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';

/** The access-token claim that names the grant behind the token (set by the embedded IdP). */
export const GRANT_CLAIM = 'grant_id';

/**
 * Whether the embedded IdP's grant behind a token still lives: logout and a revoked (or replayed)
 * refresh token delete it, so its tokens stop at once instead of at their expiry. One primary-key read.
 */
export function grantLiveness(db: Database): (grantId: string) => Promise<boolean> {
  return async (grantId) => {
    const now = new Date();
    const [row] = await db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.type, 'Grant'),
          eq(oidcPayloads.id, grantId),
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
        ),
      )
      .limit(1);
    return row !== undefined;
  };
}
