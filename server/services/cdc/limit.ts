import { LoginRateLimit } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';

/**
 * Runs a launch redemption under the login's counters, keyed by the caller's address only (5 refusals in
 * 15 minutes): a launch token or a context id is not something to guess (128 random bits, a signature),
 * and this keeps anyone from trying. The attempt is taken before anything is looked at, in one statement,
 * so parallel requests cannot slip past together; a launch that works gives it back.
 */
export async function withLaunchLimit<T>(
  deps: { db: Database; logger: Logger },
  address: string,
  redeem: () => Promise<T | null>,
): Promise<T> {
  const limiter = new LoginRateLimit(deps.db, 'cdc');
  if (!(await limiter.tryAttempt(address, address))) {
    deps.logger.warn('cdc.rate_limited', { address });
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '900' });
  }
  const result = await redeem();
  if (result === null) {
    deps.logger.info('cdc.refused', { address });
    throw new HttpError(404, 'CDC_ERROR');
  }
  await limiter.refund(address, address);
  return result;
}
