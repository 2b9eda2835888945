import { and, eq, gt, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';

/** The access-token claim that names the grant behind the token (set by the embedded IdP). */
export const GRANT_CLAIM = 'grant_id';

/** The grant row that keeps a token alive: a Grant, not expired at `now` (placeholders or values). */
export const liveGrantCondition = (grantId: SQLWrapper, now: SQLWrapper): SQL =>
  and(
    eq(oidcPayloads.type, 'Grant'),
    eq(oidcPayloads.id, grantId),
    or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
  ) as SQL;

/**
 * Whether the embedded IdP's grant behind a token still lives: logout and a revoked (or replayed)
 * refresh token delete it, so its tokens stop at once instead of at their expiry. One primary-key read.
 */
export function grantLiveness(db: Database): (grantId: string) => Promise<boolean> {
  // Built and named once: it runs on every API request.
  const live = db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(liveGrantCondition(sql.placeholder('grantId'), sql`${sql.placeholder('now')}::timestamptz`))
    .limit(1)
    .prepare('grant_live');
  return async (grantId) => {
    const [row] = await live.execute({ grantId, now: new Date().toISOString() });
    return row !== undefined;
  };
}
