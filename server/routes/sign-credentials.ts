import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type AutoFeaReply,
  AutoFeaRequest,
  type CertificatesReply,
  FiscalCodeQuery,
  type PatientRelationships,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import { describeCertificate, findCredential } from '../services/signing/credentials';
import { activateFea, describeSigner, resolveSigner } from '../services/signing/signers';
import { currentUser } from '../services/users';
import { onInvalid } from '../validate';
import { patientRelationships, pinSmsText } from './sign-data';

/** Signing credentials: certificates, signer data, relationships of a signer for someone else, FEA. */
export const signCredentialRoutes = new Hono<AppEnv>()
  .get('/sign/certificates', vValidator('query', FiscalCodeQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const signer = await resolveSigner(db, await currentUser(c), c.req.valid('query').fiscalCode);
    const credential = signer.user ? await findCredential(db, signer.user.id) : null;
    let certificates: CertificatesReply['certificates'];
    try {
      certificates = credential ? [describeCertificate(credential, new Date())] : [];
    } catch (error) {
      // A stored certificate that no longer parses: 'Errore nel recupero dei certificati disponibili'.
      c.get('deps').logger.error('unreadable signing certificate', { error: String(error) });
      throw new HttpError(500, 'SIGN_CERTIFICATES_ERROR');
    }
    return c.json({ certificates } satisfies CertificatesReply);
  })
  .get('/sign/signerInfo', vValidator('query', FiscalCodeQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const signer = await resolveSigner(db, await currentUser(c), c.req.valid('query').fiscalCode);
    return c.json(await describeSigner(db, signer, new Date()));
  })
  .get('/sign/patientRelationship', async (c) => {
    await currentUser(c);
    const language = languageOf(c);
    return c.json({
      patientRelationships: patientRelationships.map((item) => ({
        code: item.code,
        desc: item.desc[language],
      })),
    } satisfies PatientRelationships);
  })
  .post('/autoFEAreq', vValidator('json', AutoFeaRequest, onInvalid), async (c) => {
    const { db, logger, smsSender } = c.get('deps');
    const caller = await currentUser(c);
    const { result, credential } = await activateFea(
      { db, logger, ...(smsSender ? { smsSender } : {}) },
      caller,
      c.req.valid('json').patientId,
      pinSmsText[languageOf(c)],
    );
    return c.json({
      result,
      certificate: describeCertificate(credential, new Date()),
    } satisfies AutoFeaReply);
  });
