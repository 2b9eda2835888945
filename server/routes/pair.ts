import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  AdequacyBody,
  CreatePairBody,
  IdParam,
  type PairList,
  PatientIdQuery,
  PreparePairBody,
  type PreparePairReply,
  UpdatePairBody,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { languageOf } from '../services/language';
import { codingReply } from '../services/pair/coding';
import { preparePairDocument } from '../services/pair/document';
import { verifyAdequacy, verifyEligibility } from '../services/pair/dss';
import { createPair, deletePair, getPair, listPairs, updatePair } from '../services/pair/plans';
import { onInvalid } from '../validate';

/**
 * Rehabilitation plans (spec 7 "Care plans and rehabilitation plans"): physicians write DRAFTs, sign them
 * through the ceremony (the signature activates the plan), close ACTIVE ones; the decision support gives
 * explainable hints; `/codingSchema` the form's vocabularies. Transitions: docs/decisions.md ("PAIR").
 */
export const pairRoutes = new Hono<AppEnv>()
  .get('/codingSchema', (c) => c.json(codingReply(languageOf(c))))
  .get('/pair', vValidator('query', PatientIdQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const pairs = await listPairs(db, await c.var.user(), c.req.valid('query').patientId);
    return c.json({ pairs } satisfies PairList);
  })
  .get('/pair/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await getPair(db, await c.var.user(), c.req.valid('param').id));
  })
  .post('/pair/createPair', vValidator('json', CreatePairBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await createPair(db, await c.var.user(), c.req.valid('json')), 201);
  })
  .put(
    '/pair/updatePair/:id',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', UpdatePairBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      return c.json(await updatePair(db, user, c.req.valid('param').id, c.req.valid('json')));
    },
  )
  .delete('/pair/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await deletePair(db, await c.var.user(), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post(
    '/pair/preparePairDocument',
    vValidator('query', PatientIdQuery, onInvalid),
    vValidator('json', PreparePairBody, onInvalid),
    async (c) => {
      const { db, config } = c.get('deps');
      const user = await c.var.user();
      const reply = await preparePairDocument(
        db,
        user,
        c.req.valid('query').patientId,
        c.req.valid('json').pairId,
        {
          applicationTitle: config.applicationTitle,
        },
      );
      return c.json(reply satisfies PreparePairReply);
    },
  )
  .get('/dss/verifyPatientEligibility', vValidator('query', PatientIdQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await verifyEligibility(db, await c.var.user(), c.req.valid('query').patientId));
  })
  .post(
    '/dss/verifyPlanAdequacy',
    vValidator('query', PatientIdQuery, onInvalid),
    vValidator('json', AdequacyBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      return c.json(await verifyAdequacy(db, user, c.req.valid('query').patientId, c.req.valid('json')));
    },
  );
