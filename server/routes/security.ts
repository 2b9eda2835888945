import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { PasswordChangeBody, type PasswordChanged, type SecurityOverview } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { requestAddress } from '../request-address';
import { languageOf } from '../services/language';
import { freshFactorMethods, securityOverview } from '../services/security/fresh-factor';
import { changePassword } from '../services/security/password';
import { sendStepUpCode } from '../services/security/step-up-sms';
import { recordOnlySender } from '../services/sms/outbox';
import { onInvalid } from '../validate';

/**
 * The account security page: every role, guests too, for their own account only
 * (the token's user). Rules in services/security and docs/decisions.md "Account security (security)".
 */
export const securityRoutes = new Hono<AppEnv>()
  .get('/security', async (c) => {
    const user = await c.var.user();
    c.header('Cache-Control', 'no-store');
    return c.json(securityOverview(user) satisfies SecurityOverview);
  })
  .post('/security/stepUpCode', async (c) => {
    const { db, smsSender } = c.get('deps');
    const user = await c.var.user();
    if (!freshFactorMethods(user).includes('sms')) throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
    const sent = await sendStepUpCode(db, smsSender ?? recordOnlySender, { user, language: languageOf(c) });
    c.header('Cache-Control', 'no-store');
    return c.json(sent);
  })
  .post('/security/password', vValidator('json', PasswordChangeBody, onInvalid), async (c) => {
    const { db, smsSender, logger } = c.get('deps');
    const user = await c.var.user();
    const { grantId } = c.get('principal');
    const done = await changePassword(
      db,
      {
        sender: smsSender ?? recordOnlySender,
        logger,
        address: requestAddress(c),
        language: languageOf(c),
        ...(grantId ? { keepGrantId: grantId } : {}),
      },
      { user, body: c.req.valid('json') },
    );
    c.header('Cache-Control', 'no-store');
    return c.json(done satisfies PasswordChanged);
  });
