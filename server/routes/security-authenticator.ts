import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import { AuthenticatorConfirmBody, AuthenticatorStartBody } from '../../src/contract';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { requestAddress } from '../request-address';
import { languageOf } from '../services/language';
import {
  authenticatorStatus,
  confirmReenrolment,
  startReenrolment,
} from '../services/security/authenticator';
import { isStaff } from '../services/users';
import { onInvalid } from '../validate';

/** Staff only: patients and guests have no authenticator (they use the SMS code). */
async function staffCaller(c: Context<AppEnv>): Promise<UserRow> {
  const user = await c.var.user();
  if (!isStaff(user)) throw new HttpError(403, 'FUNCTION_NOT_AVAILABLE');
  c.header('Cache-Control', 'no-store');
  return user;
}

/**
 * Re-enrolling the authenticator from the account page: the current code, then a
 * new key and its QR code, which replaces the old key only once its first code is right. Rules in
 * services/security/authenticator.ts.
 */
export const securityAuthenticatorRoutes = new Hono<AppEnv>()
  .get('/security/authenticator', async (c) => {
    const user = await staffCaller(c);
    return c.json(await authenticatorStatus(c.get('deps').db, user.id));
  })
  .post('/security/authenticator/start', vValidator('json', AuthenticatorStartBody, onInvalid), async (c) => {
    const user = await staffCaller(c);
    const { db, logger, config } = c.get('deps');
    const pending = await startReenrolment(db, {
      user,
      proof: c.req.valid('json').stepUp,
      address: requestAddress(c),
      issuer: config.applicationTitle,
      language: languageOf(c),
      logger,
    });
    return c.json(pending);
  })
  .post(
    '/security/authenticator/confirm',
    vValidator('json', AuthenticatorConfirmBody, onInvalid),
    async (c) => {
      const user = await staffCaller(c);
      const { db, logger } = c.get('deps');
      const { code } = c.req.valid('json');
      return c.json(
        await confirmReenrolment(db, { userId: user.id, code, address: requestAddress(c), logger }),
      );
    },
  );
