import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { PinResetConfirm, PinResetRequest } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { languageOf } from '../services/language';
import { withPinResetLimit } from '../services/pin-reset/limit';
import { confirmPinReset, sendPinResetCode } from '../services/pin-reset/reset';
import { recordOnlySender } from '../services/sms/outbox';
import { onInvalid } from '../validate';
import { callerAddress } from './caller-address';

/** Public (no token): `POST /pinReset/requestOtp` then `POST /pinReset/confirm`. */
export const pinResetRoutes = new Hono<AppEnv>()
  .post('/pinReset/requestOtp', vValidator('json', PinResetRequest, onInvalid), async (c) => {
    const { db, smsSender, logger } = c.get('deps');
    const { identifier } = c.req.valid('json');
    const sent = await withPinResetLimit({ db, logger }, { identifier, address: callerAddress(c) }, () =>
      sendPinResetCode(db, smsSender ?? recordOnlySender, { identifier, language: languageOf(c) }),
    );
    return c.json(sent);
  })
  .post('/pinReset/confirm', vValidator('json', PinResetConfirm, onInvalid), async (c) => {
    const { db, smsSender, logger } = c.get('deps');
    const { identifier, code } = c.req.valid('json');
    const done = await withPinResetLimit({ db, logger }, { identifier, address: callerAddress(c) }, () =>
      confirmPinReset(db, smsSender ?? recordOnlySender, {
        identifier,
        code,
        language: languageOf(c),
        logger,
      }),
    );
    logger.info('pin_reset.done');
    return c.json(done);
  });
