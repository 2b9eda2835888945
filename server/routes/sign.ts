import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
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
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import {
  asSigningError,
  authorizeSignature,
  sendSignatureCode,
  signAuthorized,
  startAsyncSignature,
} from '../services/signing/signature';
import { checkSignature } from '../services/signing/status';
import { currentUser, isStaff } from '../services/users';
import { onInvalid } from '../validate';
import { signCredentialRoutes } from './sign-credentials';
import { signDocumentRoutes } from './sign-documents';

/** The signature ceremony's calls (spec section 7, "Consents and signing"). */
const signatureRoutes = new Hono<AppEnv>()
  .post('/sign/otp', vValidator('json', SignOtpRequest, onInvalid), async (c) => {
    const user = await currentUser(c);
    const { db, logger, smsSender } = c.get('deps');
    const issued = await sendSignatureCode(
      { db, logger, ...(smsSender ? { smsSender } : {}) },
      user,
      c.req.valid('json').documentIds,
      languageOf(c),
    );
    return c.json({
      sentTo: issued.sentTo,
      expiresAt: issued.expiresAt.toISOString(),
      resendAvailableAt: issued.resendAvailableAt.toISOString(),
    } satisfies SignOtpReply);
  })
  .put('/sign/sync', vValidator('json', SignRequest, onInvalid), async (c) => {
    const user = await currentUser(c);
    const { db, logger, smsSender } = c.get('deps');
    const authorized = await authorizeSignature({ db, logger }, user, c.req.valid('json'));
    const signed = await signAuthorized(
      { db, logger, ...(smsSender ? { smsSender } : {}) },
      user,
      authorized,
    ).catch((error: unknown) => {
      throw asSigningError(error, 'SIGN_AUTHORIZED_USER_ERROR', logger);
    });
    return c.json({
      status: 'SIGNED',
      ceremonyKind: authorized.ceremony.kind,
      signedDocumentIds: signed.map((output) => output.signedDocumentId),
    } satisfies SignSyncReply);
  })
  .put('/sign/async', vValidator('json', SignRequest, onInvalid), async (c) => {
    const user = await currentUser(c);
    const { db, logger, smsSender } = c.get('deps');
    const sessionId = await startAsyncSignature(
      { db, logger, ...(smsSender ? { smsSender } : {}) },
      user,
      c.req.valid('json'),
    );
    return c.json({ sessionId } satisfies SignAsyncReply, 202);
  })
  .put('/sign/check', vValidator('json', SignCheckRequest, onInvalid), async (c) => {
    const user = await currentUser(c);
    return c.json(await checkSignature(c.get('deps').db, user, c.req.valid('json')));
  })
  /**
   * Signature inside a context-sharing session: a staff member already at the workstation of the sharing
   * application signs with the PIN alone (no SMS code). See docs/decisions.md.
   */
  .post('/sign/cdc', vValidator('json', SignCdcRequest, onInvalid), async (c) => {
    const user = await currentUser(c);
    if (!isStaff(user)) throw new HttpError(403, 'SIGN_CDC_ERROR');
    const { db, logger, smsSender } = c.get('deps');
    const authorized = await authorizeSignature({ db, logger }, user, c.req.valid('json'));
    const signed = await signAuthorized(
      { db, logger, ...(smsSender ? { smsSender } : {}) },
      user,
      authorized,
    ).catch((error: unknown) => {
      throw asSigningError(error, 'SIGN_CDC_ERROR', logger);
    });
    return c.json({
      status: 'SIGNED',
      ceremonyKind: authorized.ceremony.kind,
      signedDocumentIds: signed.map((output) => output.signedDocumentId),
    } satisfies SignSyncReply);
  });

export const signRoutes = new Hono<AppEnv>()
  .route('/', signatureRoutes)
  .route('/', signCredentialRoutes)
  .route('/', signDocumentRoutes);
