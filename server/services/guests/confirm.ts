import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import type { UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { signatureCeremonies, tempDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { GUEST_KIND, GuestEffect } from './ceremony';

/**
 * `POST /guests` and `PUT /guests/{guestId}` {documentIds}: the confirmation after signing. The ceremony
 * must be a SIGNED 'guest' one of this user, of the expected action (and guest, for an edit).
 */
export async function confirmedGuestId(
  db: Database,
  user: UserRow,
  tempIds: readonly number[],
  expected: { action: 'create' } | { action: 'update'; guestId: number },
): Promise<number> {
  const temp = await db
    .select({ ceremonyId: tempDocuments.ceremonyId })
    .from(tempDocuments)
    .where(inArray(tempDocuments.id, [...tempIds]));
  const ceremonyIds = [...new Set(temp.map((row) => row.ceremonyId))];
  const [ceremonyId] = ceremonyIds;
  if (temp.length !== new Set(tempIds).size || ceremonyIds.length !== 1 || !ceremonyId)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const [ceremony] = await db
    .select()
    .from(signatureCeremonies)
    .where(and(eq(signatureCeremonies.id, ceremonyId), eq(signatureCeremonies.userId, user.id)));
  if (!ceremony || ceremony.kind !== GUEST_KIND || ceremony.status !== 'SIGNED')
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  const effect = v.parse(GuestEffect, ceremony.effect);
  if (effect.action !== expected.action || effect.guestId === undefined)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  if (expected.action === 'update' && effect.guestId !== expected.guestId)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  return effect.guestId;
}
