import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type ErrorReply,
  StudyGrantQuery,
  StudyIdParam,
  StudyInstanceParam,
  type StudyManifest,
  StudyQuery,
  type StudyShowReply,
  type StudyStatusReply,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { errorMessages, HttpError } from '../http-error';
import { languageOf } from '../services/language';
import { authorizedStudy, grantedStudy, mayViewImages } from '../services/studies/access';
import { issueGrant } from '../services/studies/grants';
import { studyManifest, studySlice } from '../services/studies/study-files';
import { currentStatus, requestMove, type StudyRow } from '../services/studies/study-status';
import { onInvalid } from '../validate';

function found(study: StudyRow | null): StudyRow {
  if (!study) throw new HttpError(404, 'NOT_FOUND');
  return study;
}

/** status, move and show: called by the portal with the user's token. */
export const studyRoutes = new Hono<AppEnv>()
  .get(
    '/studies/:id/status',
    vValidator('param', StudyIdParam, onInvalid),
    vValidator('query', StudyQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const study = await authorizedStudy(
        db,
        user,
        c.req.valid('param').id,
        c.req.valid('query'),
        'STUDY_STATUS',
      );
      const reply: StudyStatusReply = { status: await currentStatus(db, found(study), new Date()) };
      return c.json(reply);
    },
  )
  .put(
    '/studies/:id/move',
    vValidator('param', StudyIdParam, onInvalid),
    vValidator('query', StudyQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const study = await authorizedStudy(
        db,
        user,
        c.req.valid('param').id,
        c.req.valid('query'),
        'STUDY_MOVE',
      );
      const reply: StudyStatusReply = { status: await requestMove(db, found(study), new Date()) };
      return c.json(reply);
    },
  )
  .get(
    '/studies/:id/show',
    vValidator('param', StudyIdParam, onInvalid),
    vValidator('query', StudyQuery, onInvalid),
    async (c) => {
      const { db, config } = c.get('deps');
      const user = await c.var.user();
      const { id } = c.req.valid('param');
      const query = c.req.valid('query');
      const study = await authorizedStudy(db, user, id, query, 'STUDY_VIEW');
      if (!(await mayViewImages(db, user, query.patientId, id))) {
        const refusal: ErrorReply = {
          status: 403,
          code: 'IMAGES_NOT_ALLOWED_FOR_ROLE',
          message: errorMessages.IMAGES_NOT_ALLOWED_FOR_ROLE.replace('{userRole}', user.userType),
          params: { userRole: user.userType },
        };
        return c.json(refusal, 403);
      }
      const now = new Date();
      const row = found(study);
      if ((await currentStatus(db, row, now)) !== 'ONLINE') throw new HttpError(409, 'DOCUMENT_UNAVAILABLE');
      const grant = issueGrant({ userId: user.id, patientId: row.patientId, studyId: row.studyId }, now);
      const url = new URL('/viewer/index.html', config.publicUrl);
      url.searchParams.set('study', row.studyId);
      url.searchParams.set('grant', grant.token);
      if (languageOf(c) === 'en') url.searchParams.set('lang', 'en');
      if (config.apiBase !== '/api') url.searchParams.set('api', config.apiBase);
      const reply: StudyShowReply = { url: url.toString(), expiresAt: grant.expiresAt.toISOString() };
      return c.json(reply);
    },
  );

/**
 * manifest and slices, loaded by the viewer page with the grant of its URL. The page is a plain
 * navigation that holds no access token, so these are mounted beside the API, outside its token check:
 * the grant (32 random bytes, one study, five minutes, issued by an audited `show`) is the credential.
 */
export const studyViewerRoutes = new Hono<AppEnv>()
  .get(
    '/studies/:id/manifest',
    vValidator('param', StudyIdParam, onInvalid),
    vValidator('query', StudyGrantQuery, onInvalid),
    async (c) => {
      const study = await grantedStudy(c.get('deps').db, c.req.valid('param').id, c.req.valid('query').grant);
      const reply: StudyManifest = studyManifest(study);
      return c.json(reply);
    },
  )
  .get(
    '/studies/:id/instances/:n',
    vValidator('param', StudyInstanceParam, onInvalid),
    vValidator('query', StudyGrantQuery, onInvalid),
    async (c) => {
      const { id, n } = c.req.valid('param');
      const study = await grantedStudy(c.get('deps').db, id, c.req.valid('query').grant);
      if (n > study.sliceCount) throw new HttpError(404, 'NOT_FOUND');
      const file = studySlice(study, n);
      return c.body(file.slice().buffer, 200, { 'Content-Type': 'application/dicom' });
    },
  );
