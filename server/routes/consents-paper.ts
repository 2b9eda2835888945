import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type Consent, IdParam, PaperConsentFields } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { authorizeConsentAccess, requirePermission } from '../services/access/consents';
import { recordPaperConsent } from '../services/consents/paper';
import { listConsents } from '../services/consents/records';
import { assertMayCollect, resolveTarget } from '../services/consents/rules';
import { languageOf } from '../services/language';
import { tellMembersOfRefusal } from '../services/projects/invite-refused';
import { dispatchQueuedSms, recordOnlySender } from '../services/sms/outbox';
import { activeContentOfFile } from '../services/uploads/active-content';
import { activeContentRefusal } from '../services/uploads/pdf-check';
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
 * (multipart: consentCode, projectId?, action, signerType?, file), recorded by services/consents/paper.
 */
export const paperConsentRoutes = new Hono<AppEnv>().post(
  '/patients/:id/paperConsents',
  vValidator('param', PatientParam, onInvalid),
  async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
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
    if (await activeContentOfFile(bytes)) throw activeContentRefusal();

    const { consentCode, action, signerType } = fields.output;
    const projectId = fields.output.projectId ?? null;
    const { model, project } = await resolveTarget(db, { consentCode, projectId });
    assertMayCollect(user, model);
    const now = new Date();
    const language = languageOf(c);
    const title = project ? `${model.title[language]} - ${project.name}` : model.title[language];
    const row = await recordPaperConsent(db, user, {
      patientId,
      consentCode,
      projectId,
      action,
      signerType,
      title,
      scan: bytes,
      now,
      onInviteRefused: tellMembersOfRefusal,
    });
    // The patient's notice was queued with the consent: send it now that it is committed.
    const { logger, smsSender } = c.get('deps');
    await dispatchQueuedSms(db, smsSender ?? recordOnlySender).catch((error: Error) =>
      logger.warn('sms.dispatch_failed', { error: error.message }),
    );
    const consent = (await listConsents(db, user, patientId, language, now)).find(
      (each) => each.consentId === row.id,
    );
    if (!consent) throw new Error('recorded consent not listed');
    return c.json(consent satisfies Consent, 201);
  },
);
