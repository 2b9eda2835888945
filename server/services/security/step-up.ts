import type { StepUpMethod, StepUpProof } from '../../../src/contract';
import { LoginRateLimit } from '../../auth/rate-limit';
import { verifyTotp } from '../../auth/second-factor';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import { type RelyingParty, verifyAssertion } from './passkeys';
import { consumeStepUpCode } from './step-up-sms';

/** The account a step-up opens: its user, whose own factor must answer, and the methods it accepts. */
export interface StepUpTarget {
  userId: number;
  username: string;
  stepUp: readonly StepUpMethod[];
}

const LOCKED = (): HttpError =>
  new HttpError(429, 'ACCOUNT_STEP_UP_LOCKED', undefined, { 'Retry-After': '900' });

/** One attempt from the login's username and address limits, taken before any proof is looked at. */
async function takeAttempt(
  db: Database,
  target: StepUpTarget,
  address: string,
  logger: Logger,
): Promise<LoginRateLimit> {
  const limiter = new LoginRateLimit(db);
  if (!(await limiter.tryAttempt(target.username, address))) {
    logger.warn('account.step_up.rate_limited', { userId: target.userId, address });
    throw LOCKED();
  }
  return limiter;
}

/**
 * The authenticator's code, checked as the login's code step checks it and under the same counters: one
 * attempt taken from the login's username and address limits (5 and 20 in 15 minutes) before the code is
 * looked at, then the factor's own count and its last used step (`verifyTotp`), all in PostgreSQL. So a
 * code works once, here or at the login, in any process, and 30 parallel guesses get at most 5 looks.
 */
async function checkTotp(
  db: Database,
  input: { target: StepUpTarget; code: string; address: string; logger: Logger; now?: Date },
): Promise<void> {
  const { target, address, logger } = input;
  const limiter = await takeAttempt(db, target, address, logger);
  const outcome = await verifyTotp(db, {
    userId: target.userId,
    code: input.code,
    enrolling: false,
    logger,
    ...(input.now ? { now: input.now } : {}),
  });
  if (outcome === 'ok') {
    await limiter.recordSuccess(target.username, address);
    return;
  }
  logger.info('account.step_up.failed', { userId: target.userId, address, reason: outcome });
  if (outcome === 'locked') throw LOCKED();
  // No confirmed factor any more (removed meanwhile): nothing this session can prove.
  if (outcome === 'none') throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
  throw new HttpError(400, 'ACCOUNT_STEP_UP_WRONG');
}

/**
 * The code sent by SMS (`sendStepUpCode`), under the same counters as the login's code step: one attempt
 * from the login's username and address limits before the code is looked at, then the code's own five
 * tries; single use (`consumeCode`), all in PostgreSQL.
 */
async function checkSms(
  db: Database,
  input: { target: StepUpTarget; code: string; address: string; logger: Logger; now?: Date },
): Promise<void> {
  const { target, address, logger } = input;
  const limiter = await takeAttempt(db, target, address, logger);
  try {
    await consumeStepUpCode(db, {
      userId: target.userId,
      code: input.code,
      ...(input.now ? { now: input.now } : {}),
    });
  } catch (error) {
    const reason = error instanceof HttpError ? error.code : 'error';
    logger.info('account.step_up.failed', { userId: target.userId, address, reason });
    throw error;
  }
  await limiter.recordSuccess(target.username, address);
}

/**
 * One of the user's passkeys answers the challenge of `POST /security/passkeys/stepUpOptions`, under the
 * same login counters as the code: the attempt is taken before the assertion is looked at. The challenge is
 * single use and bound to the user, so a replayed or another user's assertion is refused.
 */
async function checkPasskey(
  db: Database,
  input: {
    target: StepUpTarget;
    response: Extract<StepUpProof, { method: 'passkey' }>['response'];
    address: string;
    logger: Logger;
    rp: RelyingParty | undefined;
  },
): Promise<void> {
  const { target, address, logger, rp } = input;
  // A caller that did not hand over the relying party (the account switch) does not take passkeys.
  if (!rp) throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
  const limiter = await takeAttempt(db, target, address, logger);
  const outcome = await verifyAssertion(
    db,
    { rp, logger },
    {
      purpose: 'stepUp',
      userId: target.userId,
      binding: null,
      response: input.response,
    },
  );
  if (outcome.ok) {
    await limiter.recordSuccess(target.username, address);
    return;
  }
  logger.info('account.step_up.failed', { userId: target.userId, address, reason: outcome.reason });
  throw new HttpError(400, 'PASSKEY_REFUSED');
}

/**
 * A fresh second factor of the target account: the switch into a staff account, the account security
 * page's changes, adding a passkey. The proof must be one of the methods the account lists (a staff
 * account's authenticator cannot be replaced by an SMS code): the authenticator's code, an SMS code, or one
 * of the user's passkeys (`rp` given by callers that take passkeys).
 */
export async function checkStepUp(
  db: Database,
  input: {
    target: StepUpTarget;
    proof: StepUpProof | undefined;
    address: string;
    logger: Logger;
    rp?: RelyingParty;
    now?: Date;
  },
): Promise<void> {
  const { proof, rp, ...rest } = input;
  if (!proof) throw new HttpError(403, 'ACCOUNT_STRONG_LOGIN_REQUIRED');
  if (!input.target.stepUp.includes(proof.method)) throw new HttpError(403, 'ACCOUNT_STRONG_LOGIN_REQUIRED');
  switch (proof.method) {
    case 'totp':
      return checkTotp(db, { ...rest, code: proof.code });
    case 'sms':
      return checkSms(db, { ...rest, code: proof.code });
    case 'passkey':
      return checkPasskey(db, { ...rest, rp, response: proof.response });
  }
}
