import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  CreateSurveyCardBody,
  IdParam,
  RefuseSurveyBody,
  SaveSurveyTemplateBody,
  SurveyResponseBody,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { cardDetail } from '../services/surveys/card-detail';
import { cancelCard, createCard, listCards } from '../services/surveys/cards';
import { changeSurvey, listSurveys, surveyDetail } from '../services/surveys/patient';
import {
  createTemplate,
  getTemplate,
  listTemplates,
  retireTemplate,
  updateTemplate,
} from '../services/surveys/templates';
import { onInvalid } from '../validate';

/**
 * Surveys (spec 2 /surveys…; calls designed in decisions.md 2026-11-24): staff build templates (FHIR
 * Questionnaire) and give them to patients or a project's participants as cards with a due date; the
 * patient fills a card (draft kept here), submits it or refuses it with a reason; staff read the answers.
 */
export const surveyRoutes = new Hono<AppEnv>()
  .get('/surveyTemplates', async (c) => {
    const { db } = c.get('deps');
    return c.json(await listTemplates(db, await c.var.user()));
  })
  .post('/surveyTemplates', vValidator('json', SaveSurveyTemplateBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const id = await createTemplate(db, await c.var.user(), c.req.valid('json').questionnaire);
    return c.json({ id }, 201);
  })
  .get('/surveyTemplates/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await getTemplate(db, await c.var.user(), c.req.valid('param').id));
  })
  .put(
    '/surveyTemplates/:id',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', SaveSurveyTemplateBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      return c.json(
        await updateTemplate(db, user, c.req.valid('param').id, c.req.valid('json').questionnaire),
      );
    },
  )
  .delete('/surveyTemplates/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await retireTemplate(db, await c.var.user(), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/surveyCards', async (c) => {
    const { db } = c.get('deps');
    return c.json(await listCards(db, await c.var.user()));
  })
  .post('/surveyCards', vValidator('json', CreateSurveyCardBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const id = await createCard(db, await c.var.user(), c.req.valid('json'));
    return c.json({ id }, 201);
  })
  .get('/surveyCards/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await cardDetail(db, await c.var.user(), c.req.valid('param').id));
  })
  .put('/surveyCards/:id/cancel', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await cancelCard(db, await c.var.user(), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/surveys', async (c) => {
    const { db } = c.get('deps');
    return c.json(await listSurveys(db, await c.var.user()));
  })
  .get('/surveys/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await surveyDetail(db, await c.var.user(), c.req.valid('param').id));
  })
  .put(
    '/surveys/:id/draft',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', SurveyResponseBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { response } = c.req.valid('json');
      await changeSurvey(db, await c.var.user(), c.req.valid('param').id, { state: 'DRAFT', response });
      return c.body(null, 204);
    },
  )
  .post(
    '/surveys/:id/submit',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', SurveyResponseBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { response } = c.req.valid('json');
      await changeSurvey(db, await c.var.user(), c.req.valid('param').id, { state: 'SUBMITTED', response });
      return c.body(null, 204);
    },
  )
  .post(
    '/surveys/:id/refuse',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', RefuseSurveyBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { reason } = c.req.valid('json');
      await changeSurvey(db, await c.var.user(), c.req.valid('param').id, { state: 'REFUSED', reason });
      return c.body(null, 204);
    },
  );
