import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  ExportCreateBody,
  type ExportDownload,
  ExportFileParam,
  ExportIdParam,
  type ExportList,
  ExportListQuery,
} from '../../src/contract/export';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { archiveOfToken, downloadToken } from '../services/export/download';
import {
  authorizeExport,
  deleteExport,
  isDownloadable,
  listExports,
  ownExport,
  requestExport,
} from '../services/export/requests';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

/** The whole-record export (a background job): ask for it, follow it, download it, delete it. */
export const exportRoutes = new Hono<AppEnv>()
  .post('/exports', vValidator('json', ExportCreateBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { patientId } = c.req.valid('json');
    const { created, export: job } = await requestExport(db, user, patientId, languageOf(c), new Date());
    return c.json(job, created ? 201 : 200);
  })
  .get('/exports', vValidator('query', ExportListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { patientId } = c.req.valid('query');
    return c.json({ exports: await listExports(db, user, patientId, new Date()) } satisfies ExportList);
  })
  .post('/exports/:id/download', vValidator('param', ExportIdParam, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const now = new Date();
    const job = await ownExport(db, user, c.req.valid('param').id);
    // The download is when the record leaves: the gate decides again and writes it in the trail.
    await authorizeExport(db, user, job.patientId, 'RECORD_EXPORT_DOWNLOAD', now);
    if (!isDownloadable(job, now)) throw new HttpError(404, 'NOT_FOUND');
    const url = `${config.apiBase}/exports/file/${downloadToken(job.id, now)}`;
    return c.json({ url } satisfies ExportDownload);
  })
  .delete('/exports/:id', vValidator('param', ExportIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const job = await ownExport(db, await c.var.user(), c.req.valid('param').id);
    await deleteExport(db, job, new Date());
    return c.body(null, 204);
  });

/** The download itself: a link of a minute stands for the session, so the browser saves it to disk. */
export const exportFileRoutes = new Hono<AppEnv>().get(
  '/exports/file/:token',
  vValidator('param', ExportFileParam, onInvalid),
  async (c) => {
    const archive = await archiveOfToken(c.get('deps').db, c.req.valid('param').token, new Date());
    if (!archive) throw new HttpError(404, 'NOT_FOUND');
    return new Response(archive.stream, {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(archive.bytes),
        'Content-Disposition': `attachment; filename="${archive.filename}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
