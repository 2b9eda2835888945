import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type Dispute,
  DisputeAnswer,
  DisputeInput,
  type DisputeQueue,
  IdParam,
  type MyDisputes,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { answerDispute, disputeQueue } from '../services/disputes/officer';
import { myDisputes, reportAccess } from '../services/disputes/report';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

/** Reports of accesses a patient does not recognise, and the privacy officer's queue and answers. */
export const disputesRoutes = new Hono<AppEnv>()
  .post('/disputes', vValidator('json', DisputeInput, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json((await reportAccess(db, user, c.req.valid('json'))) satisfies Dispute, 201);
  })
  .get('/disputes/mine', async (c) => {
    const { db } = c.get('deps');
    return c.json((await myDisputes(db, await c.var.user())) satisfies MyDisputes);
  })
  .get('/disputes/queue', async (c) => {
    const { db } = c.get('deps');
    return c.json((await disputeQueue(db, await c.var.user(), languageOf(c))) satisfies DisputeQueue);
  })
  .put(
    '/disputes/:id/answer',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', DisputeAnswer, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const { id } = c.req.valid('param');
      return c.json((await answerDispute(db, user, id, c.req.valid('json'), new Date())) satisfies Dispute);
    },
  );
