import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  DocumentListQuery,
  type DocumentTypes,
  type DocumentVersions,
  type DocumentViewUrl,
  IdParam,
  type Provenances,
} from '../../src/contract';

type DocumentTypesReply = v.InferOutput<typeof DocumentTypes>;

import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { authorizeCallerAccess, authorizePatientAccess } from '../services/access/gate';
import { loadAuthorizedDocument, pdfRefusal, refuseViewGrant } from '../services/documents/access';
import { requestRestore } from '../services/documents/availability';
import { documentPdf, fileNameOf, zipFiles } from '../services/documents/files';
import { listPage, listWithAudit, patientDocumentTypes } from '../services/documents/list';
import { findRecord, previousVersionsOf, toDocuments } from '../services/documents/records';
import { provenances, viewableDocumentTypes } from '../services/documents/types';
import { createViewGrant, isGrantValid } from '../services/documents/view-grants';
import { languageOf } from '../services/language';
import { isStaff } from '../services/users';
import { onInvalid } from '../validate';

const PatientIdQuery = v.object({ patientId: IdParam.entries.id });
const GrantQuery = v.object({ grant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid')) });
const ViewQuery = v.object({ context: v.optional(v.pipe(v.string(), v.maxLength(40))) });
const Accepted = v.optional(v.picklist(['true', 'false']));
const DownloadQuery = v.object({ format: v.optional(v.picklist(['pdf']), 'pdf'), accepted: Accepted });
const DownloadManyQuery = v.object({
  ids: v.pipe(
    v.union([IdParam.entries.id, v.array(IdParam.entries.id)]),
    v.transform((ids) => [...new Set([ids].flat())]),
    v.maxLength(50),
  ),
  format: v.picklist(['zip']),
  accepted: Accepted,
});

/**
 * Extraction by staff needs the security acceptance of spec 6 ("use is tracked, you take responsibility").
 * Decision: without `accepted=true` a staff download answers 403 ACCESS_DENIED with the field `accepted`
 * (code `required`), before any document is read, so there is no audit row, as for any invalid request.
 * Patients and guests download their own documents without it.
 */
function requireAcceptance(user: UserRow, accepted: string | undefined): void {
  if (isStaff(user) && accepted !== 'true')
    throw new HttpError(403, 'ACCESS_DENIED', [{ field: 'accepted', code: 'required' }]);
}

function fileResponse(
  body: Uint8Array,
  type: string,
  disposition: 'inline' | 'attachment',
  name: string,
): Response {
  // A copy typed on a plain ArrayBuffer, as the Response constructor wants.
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `${disposition}; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}

export const documentRoutes = new Hono<AppEnv>()
  .get('/documents', vValidator('query', DocumentListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const query = c.req.valid('query');
    // The hottest read: caller and patient in one statement, then the audit row, the settled restores and
    // the page with its total and images in one more (two statements for a patient, three for staff).
    const now = new Date();
    const { user, result } = await authorizeCallerAccess(
      db,
      c.get('principal').subject,
      query.patientId,
      'DOCUMENT_LIST',
      (caller) => listWithAudit(query, caller, now),
    );
    return c.json(await listPage(db, query, user, languageOf(c), result));
  })
  .get('/documentTypes', vValidator('query', PatientIdQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { patientId } = c.req.valid('query');
    await authorizePatientAccess(db, user, patientId, 'DOCUMENT_LIST', { detail: 'DOCUMENT_TYPES' });
    return c.json({
      documentTypes: await patientDocumentTypes(db, patientId, languageOf(c), user),
    } satisfies DocumentTypesReply);
  })
  .get('/provenances', async (c) => {
    const { db } = c.get('deps');
    await c.var.user();
    return c.json({ provenances: await provenances(db) } satisfies v.InferOutput<typeof Provenances>);
  })
  .get('/viewableDocumentTypes/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizePatientAccess(db, user, id, 'DOCUMENT_LIST', { detail: 'VIEWABLE_TYPES' });
    return c.json({
      documentTypes: await viewableDocumentTypes(db, user, languageOf(c)),
    } satisfies DocumentTypesReply);
  })
  // Before `/documents/:id`, which would take "download" for a malformed id.
  .get('/documents/download', vValidator('query', DownloadManyQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const query = c.req.valid('query');
    requireAcceptance(user, query.accepted);
    const files: { name: string; bytes: Uint8Array }[] = [];
    // Each document is its own audited access; the first refusal ends the request.
    for (const id of query.ids) {
      const record = await loadAuthorizedDocument(db, user, id, 'DOCUMENT_DOWNLOAD', new Date(), (found) =>
        pdfRefusal(user, found, 'DOWNLOAD_NOT_ALLOWED'),
      );
      files.push({ name: fileNameOf(record), bytes: await documentPdf(db, record) });
    }
    return fileResponse(zipFiles(files), 'application/zip', 'attachment', 'documenti.zip');
  })
  .get('/documents/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const record = await loadAuthorizedDocument(
      db,
      user,
      c.req.valid('param').id,
      'DOCUMENT_READ',
      new Date(),
    );
    const [document] = await toDocuments(db, [record], user, languageOf(c));
    return c.json(document);
  })
  .get('/documents/:id/previousVersions', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const record = await loadAuthorizedDocument(
      db,
      user,
      c.req.valid('param').id,
      'DOCUMENT_READ',
      new Date(),
    );
    const versions = await previousVersionsOf(db, record);
    return c.json({
      documents: await toDocuments(db, versions, user, languageOf(c)),
    } satisfies v.InferOutput<typeof DocumentVersions>);
  })
  .get(
    '/documents/:id/checkObscure',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', PatientIdQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { id } = c.req.valid('param');
      // A document asked for under another patient does not exist there.
      const found = await findRecord(db, id);
      if (!found || found.document.patientId !== c.req.valid('query').patientId)
        throw new HttpError(404, 'NOT_FOUND');
      const record = await loadAuthorizedDocument(db, user, id, 'DOCUMENT_READ', new Date());
      const [document] = await toDocuments(db, [record], user, languageOf(c));
      if (!document) throw new HttpError(404, 'NOT_FOUND');
      const { obscuringInfo } = document;
      return c.json({ obscured: Object.values(obscuringInfo).some(Boolean), obscuringInfo });
    },
  )
  .get(
    '/documents/:id/view',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', ViewQuery, onInvalid),
    async (c) => {
      const { db, config } = c.get('deps');
      const user = await c.var.user();
      const now = new Date();
      const record = await loadAuthorizedDocument(
        db,
        user,
        c.req.valid('param').id,
        'DOCUMENT_READ',
        now,
        (found) => pdfRefusal(user, found, 'ACCESS_DENIED'),
      );
      const grant = await createViewGrant(db, user.id, record.document.id, now);
      return c.json({
        url: `${config.apiBase}/documents/${record.document.id}/content?grant=${grant.token}`,
        expiresAt: grant.expiresAt.toISOString(),
      } satisfies DocumentViewUrl);
    },
  )
  .get(
    '/documents/:id/content',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', GrantQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { id } = c.req.valid('param');
      const now = new Date();
      if (!(await isGrantValid(db, c.req.valid('query').grant, user.id, id, now)))
        await refuseViewGrant(db, user, id);
      // Access is checked again: a consent can be revoked while the grant is still valid.
      const record = await loadAuthorizedDocument(db, user, id, 'DOCUMENT_VIEW', now, (found) =>
        pdfRefusal(user, found, 'ACCESS_DENIED'),
      );
      return fileResponse(await documentPdf(db, record), 'application/pdf', 'inline', fileNameOf(record));
    },
  )
  .get(
    '/documents/:id/download',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', DownloadQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requireAcceptance(user, c.req.valid('query').accepted);
      const record = await loadAuthorizedDocument(
        db,
        user,
        c.req.valid('param').id,
        'DOCUMENT_DOWNLOAD',
        new Date(),
        (found) => pdfRefusal(user, found, 'DOWNLOAD_NOT_ALLOWED'),
      );
      return fileResponse(await documentPdf(db, record), 'application/pdf', 'attachment', fileNameOf(record));
    },
  )
  .put('/documents/:id/restore', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    const now = new Date();
    await loadAuthorizedDocument(db, user, id, 'DOCUMENT_RESTORE', now);
    await requestRestore(db, id, now);
    const record = await findRecord(db, id);
    if (!record) throw new HttpError(404, 'NOT_FOUND');
    const [document] = await toDocuments(db, [record], user, languageOf(c));
    return c.json(document);
  });
