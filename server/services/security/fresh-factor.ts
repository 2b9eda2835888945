import type { SecurityOverview, StepUpMethod } from '../../../src/contract';
import type { UserRow } from '../../db/schema';
import { maskPhone } from '../sms/outbox';
import { isStaff } from '../users';

/**
 * The fresh second factor a change on the account security page asks for: the one the account signs in
 * with. Staff sign in with the authenticator app, patients and guests with an SMS code; a passkey will be
 * added here by the passkeys work, beside them.
 */
export function freshFactorMethods(user: Pick<UserRow, 'userType'>): StepUpMethod[] {
  return isStaff(user) ? ['totp'] : ['sms'];
}

export function securityOverview(user: UserRow): SecurityOverview {
  return {
    username: user.username,
    stepUp: freshFactorMethods(user),
    phone: user.mobilePhone ? maskPhone(user.mobilePhone) : null,
    hasPassword: user.passwordHash !== null,
  };
}
