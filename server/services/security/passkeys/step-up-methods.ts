import type { StepUpMethod } from '../../../../src/contract';
import { factorState } from '../../../auth/second-factor';
import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { freshFactorMethods } from '../fresh-factor';
import { hasPasskey } from './manage';

/**
 * The fresh factors this user can give before adding a passkey: the account's own (the confirmed
 * authenticator for staff, an SMS code for patients and guests) and any passkey already registered.
 */
export async function stepUpMethods(
  db: Database,
  user: Pick<UserRow, 'id' | 'userType'>,
): Promise<StepUpMethod[]> {
  const methods: StepUpMethod[] = [];
  for (const method of freshFactorMethods(user)) {
    if (method !== 'totp' || (await factorState(db, user.id)) === 'enrolled') methods.push(method);
  }
  if (await hasPasskey(db, user.id)) methods.push('passkey');
  return methods;
}
