import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import { PinResetConfirm, PinResetRequest } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { LoginRateLimit } from '../idp/rate-limit';
import { languageOf } from '../services/language';
import { confirmPinReset, sendPinResetCode } from '../services/pin-reset';
import { recordOnlySender } from '../services/sms/outbox';
import { onInvalid } from '../validate';

/**
 * The caller's address for the per-address counter: the last X-Forwarded-For hop (the one the proxy
 * appended), else the socket's peer.
 */
function addressOf(c: Context<AppEnv>): string {
  const hops = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return hops.pop() ?? incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Unknown identifiers and wrong codes count like wrong passwords at the login (5 per identifier, 20 per
 * address in 15 minutes): the catalogue's 'Identificativo utente non valido' tells whether an account
 * exists, so guessing is what the limit bounds.
 */
async function limited<T>(c: Context<AppEnv>, identifier: string, step: () => Promise<T>): Promise<T> {
  const { db, logger } = c.get('deps');
  const limiter = new LoginRateLimit(db, 'pin-reset');
  const address = addressOf(c);
  if (await limiter.isBlocked(identifier, address)) {
    logger.warn('pin_reset.rate_limited', { address });
    throw new HttpError(429, 'RATE_LIMITED', undefined, { 'Retry-After': '900' });
  }
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpError && error.code !== 'OTP_RESEND_TOO_SOON') {
      await limiter.recordFailure(identifier, address);
      logger.info('pin_reset.failed', { code: error.code, address });
    }
    throw error;
  }
}

/** Public (no token): `POST /pinReset/requestOtp` then `POST /pinReset/confirm`. */
export const pinResetRoutes = new Hono<AppEnv>()
  .post('/pinReset/requestOtp', vValidator('json', PinResetRequest, onInvalid), async (c) => {
    const { db, smsSender } = c.get('deps');
    const { identifier } = c.req.valid('json');
    const sent = await limited(c, identifier, () =>
      sendPinResetCode(db, smsSender ?? recordOnlySender, { identifier, language: languageOf(c) }),
    );
    return c.json(sent);
  })
  .post('/pinReset/confirm', vValidator('json', PinResetConfirm, onInvalid), async (c) => {
    const { db, smsSender, logger } = c.get('deps');
    const { identifier, code } = c.req.valid('json');
    const done = await limited(c, identifier, () =>
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
