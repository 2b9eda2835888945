import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CheckRevokeQuery,
  type CheckRevokeReply,
  ConfirmConsentsBody,
  type ConfirmConsentsReply,
  type ConsentJsonData,
  ConsentPatientQuery,
  IdParam,
  InformedDownloadQuery,
  PreviousVersionsQuery,
  type SignedConsentDocumentList,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { requirePermission } from '../services/access/consents';
import { authorizePatientAccess } from '../services/access/gate';
import { signedConsentDocuments, signedPdfs } from '../services/consents/documents';
import { previousVersions } from '../services/consents/record';
import { consentAnswers, listConsents } from '../services/consents/records';
import { checkRevoke } from '../services/consents/revoke-check';
import { zipFiles } from '../services/documents/files';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

const PatientParam = v.object({ id: IdParam.entries.id });

function fileName(title: string, id: number): string {
  const slug = title
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${slug}-${id}`;
}

function download(body: Uint8Array, type: string, name: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Signed consent documents, answers of a consent, versions, and the revoke check after signing. These
 * hold clinical answers: unlike the consent list, staff need the dossier consent to read them.
 */
export const consentDocumentRoutes = new Hono<AppEnv>()
  /** Every signed consent of the patient; each PDF is `GET /signedDocuments/{documentId}`. */
  .get('/patients/:id/authorizationConsents', vValidator('param', PatientParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requirePermission(user, 'perm.meview.consent.read');
    const patientId = c.req.valid('param').id;
    await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', { detail: 'signed consents' });
    return c.json({
      documents: await signedConsentDocuments(db, patientId),
    } satisfies SignedConsentDocumentList);
  })
  /** After signing: the consents the signed documents recorded (documentIds = signed document ids). */
  .put(
    '/patients/:id/consensus',
    vValidator('param', PatientParam, onInvalid),
    vValidator('json', ConfirmConsentsBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.read');
      const patientId = c.req.valid('param').id;
      await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', {
        detail: 'signed consents confirmation',
      });
      const documentIds = [...new Set(c.req.valid('json').documentIds)];
      const documents = await signedConsentDocuments(db, patientId, { documentIds });
      if (new Set(documents.map((document) => document.documentId)).size !== documentIds.length)
        throw new HttpError(404, 'NOT_FOUND');
      const all = await listConsents(db, user, patientId, languageOf(c), new Date());
      const recorded = new Set(documents.map((document) => document.consentId));
      return c.json({
        documentIds,
        consents: all.filter((consent) => consent.consentId !== null && recorded.has(consent.consentId)),
      } satisfies ConfirmConsentsReply);
    },
  )
  .get('/consensus/checkRevoke', vValidator('query', CheckRevokeQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json((await checkRevoke(db, user.id, c.req.valid('query'))) satisfies CheckRevokeReply);
  })
  .get('/consensus/:id/jsonData', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requirePermission(user, 'perm.meview.consent.read');
    return c.json((await consentAnswers(db, user, c.req.valid('param').id)) satisfies ConsentJsonData);
  })
  .get(
    '/informedConsents/viewInformedConsents',
    vValidator('query', ConsentPatientQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.read');
      const { patientId } = c.req.valid('query');
      await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', { detail: 'informed consents' });
      const documents = await signedConsentDocuments(db, patientId, { category: 'INFORMED' });
      return c.json({ documents } satisfies SignedConsentDocumentList);
    },
  )
  /** One informed consent as PDF (`documentId`), or all of them as a zip. */
  .get(
    '/informedConsents/downloadInformedConsents',
    vValidator('query', InformedDownloadQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.read');
      const { patientId, documentId } = c.req.valid('query');
      await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', {
        detail: 'informed consents download',
      });
      const listed = await signedConsentDocuments(db, patientId, { category: 'INFORMED' });
      const ids = listed
        .map((document) => document.documentId)
        .filter((id) => documentId === undefined || id === documentId);
      const files = await signedPdfs(db, patientId, ids);
      if (files.length === 0) throw new HttpError(404, 'NOT_FOUND');
      const [single] = files;
      if (documentId !== undefined && single)
        return download(single.pdf, 'application/pdf', `${fileName(single.title, single.id)}.pdf`);
      const zip = zipFiles(
        files.map((file) => ({ name: `${fileName(file.title, file.id)}.pdf`, bytes: file.pdf })),
      );
      return download(zip, 'application/zip', 'consensi-informati.zip');
    },
  )
  /** Earlier versions of the consent signed in document `id` (a signed document id). */
  .get(
    '/documents/:id/consensusPreviousVersions',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', PreviousVersionsQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.read');
      const { patientId, projectId } = c.req.valid('query');
      await authorizePatientAccess(db, user, patientId, 'CONSENT_READ', { detail: 'consent versions' });
      const { start, chain } = await previousVersions(db, patientId, c.req.valid('param').id);
      if (projectId !== undefined && start.projectId !== projectId) throw new HttpError(404, 'NOT_FOUND');
      const ids = new Set(chain.map((row) => row.id));
      const documents = (await signedConsentDocuments(db, patientId)).filter((document) =>
        ids.has(document.consentId),
      );
      return c.json({ documents } satisfies SignedConsentDocumentList);
    },
  );
