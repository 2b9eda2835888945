import { eq } from 'drizzle-orm';
import type { PasswordChangeBody, PasswordChanged } from '../../../src/contract';
import { LoginRateLimit } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Logger } from '../../logger';
import type { Language } from '../language';
import { hashPassword, verifyPassword } from '../password';
import type { SmsSender } from '../sms/outbox';
import { endAccountSessions } from './end-sessions';
import { freshFactorMethods } from './fresh-factor';
import { personalIdentifiers } from './identifiers';
import { notifyPasswordChanged } from './password-notice';
import { assertAcceptablePassword } from './password-policy';
import { checkStepUp } from './step-up';

/**
 * The current password, counted like a login: one attempt taken from the username's and the address's
 * limits before the hash is compared (so 30 parallel guesses get at most the limit's looks), given back
 * only when it was right.
 */
async function checkCurrentPassword(
  db: Database,
  input: { user: UserRow; password: string; address: string; logger: Logger },
): Promise<void> {
  const { user, address, logger } = input;
  if (!user.passwordHash) throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
  const limiter = new LoginRateLimit(db);
  if (!(await limiter.tryAttempt(user.username, address))) {
    logger.warn('security.password.rate_limited', { userId: user.id, address });
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '900' });
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    logger.info('security.password.wrong_current', { userId: user.id, address });
    throw new HttpError(400, 'SECURITY_PASSWORD_WRONG', [{ field: 'currentPassword', code: 'invalid' }]);
  }
  await limiter.refund(user.username, address);
}

/**
 * `POST /security/password`: the policy first (it reveals nothing), then the current password, then the
 * fresh second factor (its code is spent only once the password was right), then the new hash. Every
 * other session of the account ends (the current grant stays), and an SMS tells the owner.
 */
export async function changePassword(
  db: Database,
  deps: { sender: SmsSender; logger: Logger; address: string; language: Language; keepGrantId?: string },
  input: { user: UserRow; body: PasswordChangeBody },
): Promise<PasswordChanged> {
  const { user, body } = input;
  const { logger, address } = deps;
  if (!user.passwordHash) throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
  assertAcceptablePassword(body.newPassword, await personalIdentifiers(db, user));
  await checkCurrentPassword(db, { user, password: body.currentPassword, address, logger });
  await checkStepUp(db, {
    target: { userId: user.id, username: user.username, stepUp: freshFactorMethods(user) },
    proof: body.stepUp,
    address,
    logger,
  });
  const passwordHash = await hashPassword(body.newPassword);
  await db.update(users).set({ passwordHash, passwordChangeRequired: false }).where(eq(users.id, user.id));
  const ended = await endAccountSessions(db, {
    userId: user.id,
    ...(deps.keepGrantId ? { keepGrantId: deps.keepGrantId } : {}),
  });
  const notified = await notifyPasswordChanged(db, deps.sender, { user, language: deps.language, logger });
  logger.info('security.password.changed', { userId: user.id, ...ended, notified });
  return { otherSessionsEnded: ended.grants, notified };
}
