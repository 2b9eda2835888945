import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { passkeys } from '../../../db/schema';
import { HttpError } from '../../../http-error';

export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

/** The user's passkeys, oldest first (the order they were added). */
export async function listPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function hasPasskey(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (row?.total ?? 0) > 0;
}

/** Another user's passkey answers as a missing one: ids reveal nothing. */
export async function renamePasskey(
  db: Database,
  input: { userId: number; id: number; name: string },
): Promise<void> {
  const changed = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning({ id: passkeys.id });
  if (changed.length === 0) throw new HttpError(404, 'NOT_FOUND');
}

/** Removed at once: the credential stops signing in with the next assertion, in every process. */
export async function removePasskey(db: Database, input: { userId: number; id: number }): Promise<void> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new HttpError(404, 'NOT_FOUND');
}
