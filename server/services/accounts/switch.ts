import type { StepUpProof } from '../../../src/contract';
import type { AccountSwitcher, Principal, SwitchedTokens } from '../../auth/principal';
import type { Database } from '../../db/client';
import { accountSwitches, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { checkStepUp } from '../security/step-up';
import { type AccountEntry, accountsOf } from './list';

type Outcome =
  | 'ALLOWED'
  | 'NOT_FOUND'
  | 'STRONG_LOGIN_REQUIRED'
  | 'STEP_UP_WRONG'
  | 'STEP_UP_LOCKED'
  | 'CONFLICT'
  | 'NOT_AVAILABLE';

const STEP_UP_OUTCOME: Partial<Record<string, Outcome>> = {
  ACCOUNT_STRONG_LOGIN_REQUIRED: 'STRONG_LOGIN_REQUIRED',
  ACCOUNT_STEP_UP_LOCKED: 'STEP_UP_LOCKED',
  FUNCTION_NOT_AVAILABLE: 'NOT_AVAILABLE',
};

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
 * an account that lists a step-up (a staff account) only with its proof, checked here, in the same
 * request, against that account's own factor (services/security/step-up.ts): no escalation from a
 * patient's or a guest's login, and no staff account regained from a device left on the patient
 * profile. Then new tokens for the same session. Every request is audited, refused or not.
 */
export async function switchAccount(
  db: Database,
  deps: {
    caller: UserRow;
    principal: Principal;
    switcher: AccountSwitcher | undefined;
    address: string;
    logger: Logger;
  },
  request: { accountId: string; stepUp?: StepUpProof | undefined },
): Promise<{ tokens: SwitchedTokens; target: AccountEntry }> {
  const { caller, principal, switcher } = deps;
  const { accountId } = request;
  const accounts = await accountsOf(db, caller);
  const from = accounts.find((account) => account.current)?.id ?? `u${caller.id}`;
  const target = accounts.find((account) => account.id === accountId);
  const refuse = async (outcome: Outcome, error: HttpError): Promise<never> => {
    await audit(db, caller, from, accountId, outcome);
    throw error;
  };
  if (!target) return refuse('NOT_FOUND', new HttpError(404, 'NOT_FOUND'));
  if (!switcher || !principal.grantId)
    return refuse('NOT_AVAILABLE', new HttpError(409, 'FUNCTION_NOT_AVAILABLE'));
  if (target.stepUp.length > 0) {
    try {
      await checkStepUp(db, { target, proof: request.stepUp, address: deps.address, logger: deps.logger });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuse(STEP_UP_OUTCOME[error.code] ?? 'STEP_UP_WRONG', error);
    }
  }
  const tokens = await switcher(
    { subject: principal.subject, grantId: principal.grantId, jkt: principal.jkt ?? null },
    target.subject,
  );
  if (!tokens) return refuse('CONFLICT', new HttpError(409, 'ACCOUNT_SWITCH_CONFLICT'));
  await audit(db, caller, from, target.id, 'ALLOWED');
  return { tokens, target };
}
