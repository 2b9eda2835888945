import type { AccountSwitcher, Principal, SwitchedTokens, UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { accountSwitches } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isStaff } from '../users';
import { type AccountEntry, accountsOf } from './list';

type Outcome = 'ALLOWED' | 'NOT_FOUND' | 'STRONG_LOGIN_REQUIRED' | 'CONFLICT' | 'NOT_AVAILABLE';

/** Staff sign in with an authenticator's code (`otp`); a session that did not cannot become staff. */
function passedStaffLogin(principal: Principal): boolean {
  return (principal.authenticationMethod ?? '').split(' ').includes('otp');
}

async function audit(
  db: Database,
  caller: UserRow,
  from: string,
  to: string,
  outcome: Outcome,
): Promise<void> {
  await db.insert(accountSwitches).values({ userId: caller.id, fromAccount: from, toAccount: to, outcome });
}

/**
 * `POST /account/switch`: the caller's own account only (anything else is 404, as if it did not exist);
 * a staff account only for a session that passed the staff login (no escalation from a patient's or a
 * guest's login); then new tokens for the same session. Every request is audited, refused or not.
 */
export async function switchAccount(
  db: Database,
  deps: { caller: UserRow; principal: Principal; switcher: AccountSwitcher | undefined },
  accountId: string,
): Promise<{ tokens: SwitchedTokens; target: AccountEntry }> {
  const { caller, principal, switcher } = deps;
  const accounts = await accountsOf(db, caller);
  const from = accounts.find((account) => account.current)?.id ?? `u${caller.id}`;
  const target = accounts.find((account) => account.id === accountId);
  const refuse = async (outcome: Outcome, error: HttpError): Promise<never> => {
    await audit(db, caller, from, accountId, outcome);
    throw error;
  };
  if (!target) return refuse('NOT_FOUND', new HttpError(404, 'NOT_FOUND'));
  if (isStaff(target) && !passedStaffLogin(principal))
    return refuse('STRONG_LOGIN_REQUIRED', new HttpError(403, 'ACCOUNT_STRONG_LOGIN_REQUIRED'));
  if (!switcher || !principal.grantId)
    return refuse('NOT_AVAILABLE', new HttpError(409, 'FUNCTION_NOT_AVAILABLE'));
  const tokens = await switcher(
    { subject: principal.subject, grantId: principal.grantId, jkt: principal.jkt ?? null },
    target.subject,
  );
  if (!tokens) return refuse('CONFLICT', new HttpError(409, 'ACCOUNT_SWITCH_CONFLICT'));
  await audit(db, caller, from, target.id, 'ALLOWED');
  return { tokens, target };
}
