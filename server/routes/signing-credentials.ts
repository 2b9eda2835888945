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
import { languageOf } from '../services/language';
import { patientRelationships, pinSmsText } from '../services/reference/signing.data';
import { describeCertificate } from '../services/signing/credentials';
import { activateFea, certificatesOf, describeSigner, resolveSigner } from '../services/signing/signers';
import { onInvalid } from '../validate';

/** Signing credentials: certificates, signer data, relationships of a signer for someone else, FEA. */
export const signCredentialRoutes = new Hono<AppEnv>()
  .get('/sign/certificates', vValidator('query', FiscalCodeQuery, onInvalid), async (c) => {
    const { db, logger } = c.get('deps');
    const signer = await resolveSigner(db, await c.var.user(), c.req.valid('query').fiscalCode);
    const certificates = await certificatesOf(db, signer, new Date(), logger);
    return c.json({ certificates } satisfies CertificatesReply);
  })
  .get('/sign/signerInfo', vValidator('query', FiscalCodeQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const signer = await resolveSigner(db, await c.var.user(), c.req.valid('query').fiscalCode);
    return c.json(await describeSigner(db, signer, new Date()));
  })
  .get('/sign/patientRelationship', async (c) => {
    await c.var.user();
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
    const caller = await c.var.user();
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
