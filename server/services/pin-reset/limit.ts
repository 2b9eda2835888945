import { LoginRateLimit } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';

/** A failure the limit does not count: the caller asked again too soon, nothing was guessed. */
const NOT_A_GUESS = new Set(['OTP_RESEND_TOO_SOON']);

/**
 * Runs one step of the PIN reset under the login's limits (5 per identifier, 20 per address in 15
 * minutes): the catalogue's 'Identificativo utente non valido' tells whether an account exists, so
 * unknown identifiers and wrong codes are guesses like wrong passwords. The attempt is taken before the
 * step looks at anything, in one statement per counter (`tryAttempt`), so parallel requests cannot all
 * pass a check made before any of them was counted; a step that succeeds, or fails without a guess,
 * gives the attempt back.
 */
export async function withPinResetLimit<T>(
  deps: { db: Database; logger: Logger },
  caller: { identifier: string; address: string },
  step: () => Promise<T>,
): Promise<T> {
  const limiter = new LoginRateLimit(deps.db, 'pin-reset');
  const identifier = caller.identifier.trim();
  if (!(await limiter.tryAttempt(identifier, caller.address))) {
    deps.logger.warn('pin_reset.rate_limited', { address: caller.address });
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '900' });
  }
  try {
    const result = await step();
    await limiter.refund(identifier, caller.address);
    return result;
  } catch (error) {
    if (error instanceof HttpError && !NOT_A_GUESS.has(error.code))
      deps.logger.info('pin_reset.failed', { code: error.code, address: caller.address });
    else await limiter.refund(identifier, caller.address);
    throw error;
  }
}
