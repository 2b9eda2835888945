import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type Consent, IdParam, PaperConsentFields } from '../../src/contract';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { signedDocuments } from '../db/schema';
import { HttpError } from '../http-error';
import { authorizeConsentAccess, requirePermission } from '../services/consents/access';
import { recordConsentVersion } from '../services/consents/record';
import { listConsents } from '../services/consents/records';
import { assertMayCollect, resolveTarget } from '../services/consents/rules';
import { languageOf } from '../services/language';
import { currentUser } from '../services/users';
import { fieldErrors, onInvalid } from '../validate';

const PatientParam = v.object({ id: IdParam.entries.id });
/** Spec 5 and 9: PDF only, at most 2 MB. */
export const PAPER_SCAN_MAX_BYTES = 2 * 1024 * 1024;
const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function isPdf(bytes: Uint8Array): boolean {
  return pdfMagic.every((byte, index) => bytes[index] === byte);
}

/**
 * Point 9: a physician or operator records a consent collected on paper by uploading the signed scan
 * (multipart: consentCode, projectId?, action, signerType?, file). The scan is kept as a signed
 * document of kind 'paper-scan' and the consent recorded with medium 'paper', in one transaction.
 */
export const paperConsentRoutes = new Hono<AppEnv>().post(
  '/patients/:id/paperConsents',
  vValidator('param', PatientParam, onInvalid),
  async (c) => {
    const { db } = c.get('deps');
    const user = await currentUser(c);
    requirePermission(user, 'perm.meview.consent.write');
    if (user.userType !== 'PHY' && user.userType !== 'OPT') throw new HttpError(403, 'PERMISSION_MISSING');
    const patientId = c.req.valid('param').id;
    const length = Number(c.req.header('Content-Length') ?? '0');
    if (length > PAPER_SCAN_MAX_BYTES + 64 * 1024)
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'tooLong' }]);
    await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', 'paper consent');
    const form = await c.req.parseBody().catch(() => {
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'required' }]);
    });
    const fields = v.safeParse(PaperConsentFields, {
      consentCode: form.consentCode,
      projectId: form.projectId || undefined,
      action: form.action,
      signerType: form.signerType || undefined,
    });
    if (!fields.success) throw new HttpError(400, 'BAD_REQUEST', fieldErrors(fields.issues));
    const file = form.file;
    if (!(file instanceof File))
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'required' }]);
    if (file.size > PAPER_SCAN_MAX_BYTES)
      throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'tooLong' }]);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!isPdf(bytes)) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'file', code: 'invalid' }]);

    const { consentCode, action, signerType } = fields.output;
    const projectId = fields.output.projectId ?? null;
    const { model, project } = await resolveTarget(db, { consentCode, projectId });
    assertMayCollect(user, model);
    const now = new Date();
    const language = languageOf(c);
    const title = project ? `${model.title[language]} - ${project.name}` : model.title[language];
    const row = await db.transaction(async (tx) => {
      const [document] = await tx
        .insert(signedDocuments)
        .values({ patientId, signerUserId: user.id, title, kind: 'paper-scan', pdf: bytes, signedAt: now })
        .returning({ id: signedDocuments.id });
      if (!document) throw new Error('paper scan not stored');
      // The transaction handle is a Database for every query the service runs.
      return recordConsentVersion(tx as unknown as Database, {
        patientId,
        consentCode,
        projectId,
        action,
        jsonData: {},
        signer: { type: signerType },
        medium: 'paper',
        signedDocumentId: document.id,
        collectedByUserId: user.id,
        now,
      });
    });
    const consent = (await listConsents(db, user, patientId, language, now)).find(
      (each) => each.consentId === row.id,
    );
    if (!consent) throw new Error('recorded consent not listed');
    return c.json(consent satisfies Consent, 201);
  },
);
