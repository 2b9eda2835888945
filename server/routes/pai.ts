import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  IdParam,
  type Pai,
  type PaiActivity,
  PaiActivityParam,
  PaiDoneInput,
  type PaiFolderList,
  type PaiList,
  PaiListQuery,
  PaiReminderInput,
  type PaiType,
  type PaiTypeList,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { languageOf } from '../services/language';
import { planFor } from '../services/pai/access';
import { markActivityDone, setActivityReminders } from '../services/pai/activity';
import { foldersOf } from '../services/pai/folders';
import { listPlans, planDetail } from '../services/pai/plans';
import { listPaiTypes, paiType } from '../services/pai/types';
import { onInvalid } from '../validate';

/**
 * Care plans (spec 7 "Care plans": the PAI calls). Plans come from the hospital's systems; the portal
 * reads them, marks activities done and keeps each reader's reminders per activity.
 */
export const paiRoutes = new Hono<AppEnv>()
  .get('/pais/paiTypes', async (c) => {
    const { db } = c.get('deps');
    await c.var.user();
    return c.json({ paiTypes: await listPaiTypes(db) } satisfies PaiTypeList);
  })
  .get('/pais/paiTypes/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await c.var.user();
    return c.json((await paiType(db, c.req.valid('param').id)) satisfies PaiType);
  })
  .get('/pais', vValidator('query', PaiListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json((await listPlans(db, user, c.req.valid('query'))) satisfies PaiList);
  })
  .get('/pais/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json((await planDetail(db, user, c.req.valid('param').id, languageOf(c))) satisfies Pai);
  })
  .get('/pais/:id/folders', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { plan } = await planFor(db, user, c.req.valid('param').id, 'CARE_PLAN_READ');
    return c.json({ paiFolders: await foldersOf(db, user, plan, languageOf(c)) } satisfies PaiFolderList);
  })
  .put(
    '/pais/:paiId/activity/:activityId/notifyPreferences',
    vValidator('param', PaiActivityParam, onInvalid),
    vValidator('json', PaiReminderInput, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { reminderDays } = c.req.valid('json');
      const reply = await setActivityReminders(db, user, c.req.valid('param'), reminderDays, new Date());
      return c.json(reply satisfies PaiActivity);
    },
  )
  .put(
    '/pais/:paiId/activity/:activityId/done',
    vValidator('param', PaiActivityParam, onInvalid),
    vValidator('json', PaiDoneInput, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { deliveryDate } = c.req.valid('json');
      const reply = await markActivityDone(db, user, c.req.valid('param'), deliveryDate, new Date());
      return c.json(reply satisfies PaiActivity);
    },
  );
