import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { IdParam } from '../../src/contract';
import { TreatmentHistoryQuery } from '../../src/contract/history';
import type { AppEnv } from '../app-env';
import { authorizeHistory } from '../services/access/history';
import {
  historyActivities,
  historyDocTypes,
  historyUserRoles,
  historyUsers,
  readHistory,
} from '../services/history';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

const idParam = vValidator('param', IdParam, onInvalid);

/** Treatment history (spec section 7): the audit trail of a patient, as the patient or staff read it. */
export const historyRoutes = new Hono<AppEnv>()
  .get(
    '/trackingPatientHistory/:id',
    idParam,
    vValidator('query', TreatmentHistoryQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { id } = c.req.valid('param');
      await authorizeHistory(db, user, id);
      return c.json(await readHistory(db, user, id, c.req.valid('query'), languageOf(c)));
    },
  )
  .get('/trackingPatientHistory/:id/activities', idParam, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizeHistory(db, user, id, 'activities');
    return c.json(await historyActivities(db, user, id, languageOf(c)));
  })
  .get('/trackingPatientHistory/:id/userRoles', idParam, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizeHistory(db, user, id, 'userRoles');
    return c.json(await historyUserRoles(db, user, id, languageOf(c)));
  })
  .get('/trackingPatientHistory/:id/users', idParam, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizeHistory(db, user, id, 'users');
    return c.json(await historyUsers(db, user, id));
  })
  .get('/trackingPatientHistory/:id/docTypes', idParam, async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizeHistory(db, user, id, 'docTypes');
    return c.json(await historyDocTypes(db, user, id, languageOf(c)));
  });
