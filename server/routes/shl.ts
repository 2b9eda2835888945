import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  ShlCreateBody,
  type ShlCreated,
  ShlIdParam,
  type ShlList,
  ShlListQuery,
  type ShlManifest,
  ShlManifestRequest,
} from '../../src/contract/shl';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { authorizePatientAccess } from '../services/access/gate';
import { languageOf } from '../services/language';
import { findLink, listLinks, revokeLink } from '../services/shl/links';
import { fileOfToken, locationToken } from '../services/shl/location';
import { liveFile, openManifest } from '../services/shl/manifest';
import { recordOpen } from '../services/shl/opened';
import { shareRecord } from '../services/shl/share';
import { onInvalid } from '../validate';

/** The patient's side: make, list and revoke links (behind the token check). */
export const shlRoutes = new Hono<AppEnv>()
  .post('/shl', vValidator('json', ShlCreateBody, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const created = await shareRecord(db, user, c.req.valid('json'), new Date(), {
      publicUrl: config.publicUrl,
      apiBase: config.apiBase,
      language: languageOf(c),
      organizationName: config.applicationTitle,
    });
    return c.json(created satisfies ShlCreated, 201);
  })
  .get('/shl', vValidator('query', ShlListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { patientId } = c.req.valid('query');
    await authorizePatientAccess(db, user, patientId, 'SHL_READ');
    return c.json({ links: await listLinks(db, patientId, new Date()) } satisfies ShlList);
  })
  .delete('/shl/:id', vValidator('param', ShlIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const link = await findLink(db, c.req.valid('param').id);
    if (!link) throw new HttpError(404, 'NOT_FOUND');
    await authorizePatientAccess(db, user, link.patientId, 'SHL_WRITE');
    // The patient revokes any of their links; a guest only the links they made.
    if (user.userType !== 'PAT' && link.createdBy !== user.id) throw new HttpError(403, 'ACCESS_DENIED');
    await revokeLink(db, link.id, new Date());
    return c.body(null, 204);
  });

/** Any receiving application may call these from any origin: the link, not a session, is the credential. */
const openToAnyOrigin = (headers: Headers): void => {
  headers.set('Access-Control-Allow-Origin', '*');
  headers.set('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  headers.set('Access-Control-Allow-Headers', 'Content-Type');
  headers.set('Cache-Control', 'no-store');
};

/** The receiving side (SMART Health Links): the manifest and its short-lived file locations, no token. */
export const shlPublicRoutes = new Hono<AppEnv>()
  .use('/shl/manifests/*', async (c, next) => {
    await next();
    openToAnyOrigin(c.res.headers);
  })
  .use('/shl/files/*', async (c, next) => {
    await next();
    openToAnyOrigin(c.res.headers);
  })
  .options('/shl/manifests/:manifestId', (c) => c.body(null, 204))
  .options('/shl/files/:token', (c) => c.body(null, 204))
  .post('/shl/manifests/:manifestId', vValidator('json', ShlManifestRequest, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const manifestId = c.req.param('manifestId');
    if (!/^[A-Za-z0-9_-]{43}$/.test(manifestId)) return c.json({ error: 'not found' }, 404);
    const request = c.req.valid('json');
    const now = new Date();
    const outcome = await openManifest(db, manifestId, request, now);
    if (outcome.kind === 'gone') return c.json({ error: 'not found' }, 404);
    if (outcome.kind === 'wrongPasscode')
      return c.json({ remainingAttempts: outcome.remainingAttempts }, 401);
    await recordOpen(db, outcome.link, request.recipient, now);
    const limit = request.embeddedLengthMax ?? Number.POSITIVE_INFINITY;
    const base = `${config.publicUrl}${config.apiBase}/shl/files/`;
    const manifest: ShlManifest = {
      files: outcome.files.map((file) => ({
        contentType: 'application/fhir+json',
        ...(file.jwe.length <= limit
          ? { embedded: file.jwe }
          : { location: `${base}${locationToken(file.id, now)}` }),
        lastUpdated: file.createdAt.toISOString(),
        status: 'finalized',
        fhirVersion: '4.0.1',
      })),
    };
    return c.json(manifest);
  })
  .get('/shl/files/:token', async (c) => {
    const { db } = c.get('deps');
    const now = new Date();
    const fileId = fileOfToken(c.req.param('token'), now);
    const jwe = fileId === null ? null : await liveFile(db, fileId, now);
    if (jwe === null) return c.json({ error: 'not found' }, 404);
    return c.body(jwe, 200, { 'Content-Type': 'application/jose' });
  });
