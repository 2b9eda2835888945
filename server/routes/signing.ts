import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import {
  type SignAsyncReply,
  SignCdcRequest,
  SignCheckRequest,
  type SignOtpReply,
  SignOtpRequest,
  SignRequest,
  type SignSyncReply,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { LAUNCH_AMR } from '../auth/cdc-amr';
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import {
  type SigningDeps,
  type SignNowRequest,
  sendSignatureCode,
  signNow,
  startAsyncSignature,
} from '../services/signing/signature';
import { checkSignature } from '../services/signing/status';
import { onInvalid } from '../validate';
import { signCredentialRoutes } from './signing-credentials';
import { signDocumentRoutes } from './signing-documents';

function signingDeps(c: Context<AppEnv>): SigningDeps {
  const { db, logger, smsSender } = c.get('deps');
  return { db, logger, ceremonyEffects: c.get('ceremonyEffects'), ...(smsSender ? { smsSender } : {}) };
}

/** PUT /sign/sync and POST /sign/cdc: the same signature, with the SMS code or with the PIN alone. */
async function signNowHandler(c: Context<AppEnv>, request: SignNowRequest): Promise<Response> {
  const reply = await signNow(signingDeps(c), await c.var.user(), request);
  return c.json(reply satisfies SignSyncReply);
}

/** The signature ceremony's calls (spec section 7, "Consents and signing"). */
const signatureRoutes = new Hono<AppEnv>()
  .post('/sign/otp', vValidator('json', SignOtpRequest, onInvalid), async (c) => {
    const issued = await sendSignatureCode(signingDeps(c), await c.var.user(), c.req.valid('json'), {
      language: languageOf(c),
    });
    return c.json({
      sentTo: issued.sentTo,
      expiresAt: issued.expiresAt.toISOString(),
      resendAvailableAt: issued.resendAvailableAt.toISOString(),
      sentToPatient: issued.sentToPatient,
    } satisfies SignOtpReply);
  })
  .put('/sign/sync', vValidator('json', SignRequest, onInvalid), (c) =>
    signNowHandler(c, { way: 'otp', input: c.req.valid('json') }),
  )
  .post('/sign/cdc', vValidator('json', SignCdcRequest, onInvalid), (c) => {
    // The PIN alone only inside a context-sharing session: the login the launch made (amr `cdc`).
    if (c.get('principal').authenticationMethod !== LAUNCH_AMR) throw new HttpError(403, 'SIGN_CDC_ERROR');
    return signNowHandler(c, { way: 'cdc', input: c.req.valid('json') });
  })
  .put('/sign/async', vValidator('json', SignRequest, onInvalid), async (c) => {
    const sessionId = await startAsyncSignature(signingDeps(c), await c.var.user(), c.req.valid('json'));
    return c.json({ sessionId } satisfies SignAsyncReply, 202);
  })
  .put('/sign/check', vValidator('json', SignCheckRequest, onInvalid), async (c) => {
    const user = await c.var.user();
    return c.json(await checkSignature(c.get('deps').db, user, c.req.valid('json')));
  });

export const signRoutes = new Hono<AppEnv>()
  .route('/', signatureRoutes)
  .route('/', signCredentialRoutes)
  .route('/', signDocumentRoutes);
