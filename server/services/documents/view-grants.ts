import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { viewGrants } from '../../db/schema';

/** Long enough for the viewer to start loading, short enough that a leaked URL is soon worthless. */
export const VIEW_GRANT_TTL_MS = 2 * 60 * 1000;

export async function createViewGrant(
  db: Database,
  userId: number,
  documentId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + VIEW_GRANT_TTL_MS);
  // Expired grants are useless: clearing them here keeps the table small without a scheduler.
  await db.delete(viewGrants).where(lt(viewGrants.expiresAt, now));
  await db.insert(viewGrants).values({ token, userId, documentId, expiresAt });
  return { token, expiresAt };
}

/** True when the grant exists for this document and user and has not expired. */
export async function isGrantValid(
  db: Database,
  token: string,
  userId: number,
  documentId: number,
  now: Date,
): Promise<boolean> {
  const [grant] = await db
    .select({ expiresAt: viewGrants.expiresAt })
    .from(viewGrants)
    .where(
      and(eq(viewGrants.token, token), eq(viewGrants.userId, userId), eq(viewGrants.documentId, documentId)),
    )
    .limit(1);
  return grant !== undefined && grant.expiresAt.getTime() > now.getTime();
}
