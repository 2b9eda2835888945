import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import { EntityIdText, NewPripriSession, PripriColoursQuery } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { getPripri, pripriColours, recordSession } from '../services/pripri/sessions';
import { onInvalid } from '../validate';

const PatientParam = v.object({ patientId: EntityIdText });

/**
 * PRIpri (spec 2 `/pripri/{patientId}`, 4 colour): the monitoring part of the active PAIR, its sessions
 * and colour; the colours of a staff list page. Rules: services/pripri/colour.ts.
 */
export const pripriRoutes = new Hono<AppEnv>()
  .get('/pripri/colours', vValidator('query', PripriColoursQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await pripriColours(db, await c.var.user(), c.req.valid('query').patientIds));
  })
  .get('/pripri/:patientId', vValidator('param', PatientParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await getPripri(db, await c.var.user(), c.req.valid('param').patientId));
  })
  .post(
    '/pripri/:patientId/sessions',
    vValidator('param', PatientParam, onInvalid),
    vValidator('json', NewPripriSession, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      return c.json(await recordSession(db, user, c.req.valid('param').patientId, c.req.valid('json')), 201);
    },
  );
