import * as v from 'valibot';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { findSignedCeremony } from '../signing/ceremony';
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
  const ceremony = await findSignedCeremony(db, user, tempIds, GUEST_KIND);
  const effect = v.parse(GuestEffect, ceremony.effect);
  if (effect.action !== expected.action || effect.guestId === undefined)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  if (expected.action === 'update' && effect.guestId !== expected.guestId)
    throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  return effect.guestId;
}
