import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type CustomDocumentTypes,
  IdParam,
  RejectUploadBody,
  UploadedDocumentListQuery,
  type UploadPhysicians,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import { readNewUpload, readUploadChange, uploadBodyLimit } from '../services/uploads/form';
import { listUploads } from '../services/uploads/list';
import { readableUpload, uploadedDocument } from '../services/uploads/read';
import { toUploadedDocuments, uploadFile, uploadPhysicians } from '../services/uploads/records';
import { rejectUpload, validateUpload } from '../services/uploads/review';
import { requireUploadRole } from '../services/uploads/rules';
import { createUpload, deleteUpload, updateUpload } from '../services/uploads/store';
import { customDocumentTypes } from '../services/uploads/types.data';
import { onInvalid } from '../validate';

/**
 * Uploaded documents (spec 7): the patient uploads PDFs (multipart, checked by their bytes, at most
 * 2 MB, stored under a name the server makes up), modifies or deletes them while pending; a physician
 * validates (the document enters the dossier) or rejects them with a reason. Rules in services/uploads.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .get('/uploadedDocuments', vValidator('query', UploadedDocumentListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const role = requireUploadRole(user, 'PAT', 'PHY');
    return c.json(await listUploads(db, user, role, c.req.valid('query'), languageOf(c)));
  })
  .get('/uploadedDocuments/customDocumentTypes', async (c) => {
    const user = await c.var.user();
    requireUploadRole(user, 'PAT', 'PHY');
    const language = languageOf(c);
    return c.json({
      documentTypes: customDocumentTypes.map((type) => ({ code: type.code, desc: type.desc[language] })),
    } satisfies CustomDocumentTypes);
  })
  .get('/uploadedDocuments/physicians', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requireUploadRole(user, 'PAT');
    return c.json({ physicians: await uploadPhysicians(db) } satisfies UploadPhysicians);
  })
  .post('/uploadedDocuments', uploadBodyLimit, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requireUploadRole(user, 'PAT');
    const { fields, file } = await readNewUpload(c);
    const id = await createUpload(db, user, fields, file);
    return c.json(await uploadedDocument(db, user, id, languageOf(c)), 201);
  })
  .get('/uploadedDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const role = requireUploadRole(user, 'PAT', 'PHY');
    const { id } = c.req.valid('param');
    const row = await readableUpload(db, user, role, id, 'UPLOAD_READ', 'metadata');
    const [document] = await toUploadedDocuments(db, [row], user, languageOf(c));
    return c.json(document);
  })
  .get('/uploadedDocuments/:id/content', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const role = requireUploadRole(user, 'PAT', 'PHY');
    const { id } = c.req.valid('param');
    // Audited as a document view: a physician reading what the patient sent.
    await readableUpload(db, user, role, id, 'DOCUMENT_VIEW', 'content');
    const file = await uploadFile(db, id);
    if (!file) throw new HttpError(404, 'NOT_FOUND');
    return new Response(new Uint8Array(file.content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${file.storedName}"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .put('/uploadedDocuments/:id', vValidator('param', IdParam, onInvalid), uploadBodyLimit, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requireUploadRole(user, 'PAT');
    const { id } = c.req.valid('param');
    const { fields, file } = await readUploadChange(c);
    await updateUpload(db, user, id, fields, file);
    return c.json(await uploadedDocument(db, user, id, languageOf(c)));
  })
  .put('/uploadedDocuments/:id/validate', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requireUploadRole(user, 'PHY');
    const { id } = c.req.valid('param');
    await validateUpload(db, user, id);
    return c.json(await uploadedDocument(db, user, id, languageOf(c)));
  })
  .put(
    '/uploadedDocuments/:id/reject',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', RejectUploadBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requireUploadRole(user, 'PHY');
      const { id } = c.req.valid('param');
      await rejectUpload(db, user, id, c.req.valid('json').reason);
      return c.json(await uploadedDocument(db, user, id, languageOf(c)));
    },
  )
  .delete('/uploadedDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requireUploadRole(user, 'PAT');
    await deleteUpload(db, user, c.req.valid('param').id);
    return c.body(null, 204);
  });
