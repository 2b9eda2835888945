import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  ArchiveQuery,
  type AvailableDelivery,
  CheckDeliveryQuery,
  CreateRequestBody,
  HospitalizationsQuery,
  IdParam,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { hospitalizationsOf } from '../services/document-requests/hospitalizations';
import {
  archiveOf,
  cancelRequest,
  createRequest,
  deleteRequest,
  quoteRequest,
} from '../services/document-requests/requests';
import { DELIVERY_RULES, LIMITS, PRICE_LIST } from '../services/document-requests/rules';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

const available: AvailableDelivery = {
  deliveryTypes: (['DESK', 'COURIER', 'PAPER'] as const).map((type) => ({
    type,
    modalities: DELIVERY_RULES[type].delegateAllowed ? ['SELF', 'DELEGATE'] : ['SELF'],
  })),
};

/**
 * Requests for copies of reports and medical records (spec 7, "Document requests"). The reference calls
 * (delivery, limits, prices) need only a signed-in user; everything about a patient goes through the
 * area's access check. `quote` is the summary's price, computed as `createRequest` will charge it.
 */
export const documentRequestRoutes = new Hono<AppEnv>()
  .get('/documentRequest/availableDelivery', (c) => c.json(available))
  .get('/documentRequest/checkDelivery', vValidator('query', CheckDeliveryQuery, onInvalid), (c) =>
    c.json(DELIVERY_RULES[c.req.valid('query').selectedType]),
  )
  .get('/documentRequest/maxNumberOfCopiesAndCharacters', (c) => c.json(LIMITS))
  .get('/priceList', (c) => c.json(PRICE_LIST))
  .post('/documentRequest/quote', vValidator('json', CreateRequestBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await quoteRequest(db, await c.var.user(), c.req.valid('json')));
  })
  .post('/documentRequest/createRequest', vValidator('json', CreateRequestBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const created = await createRequest(db, await c.var.user(), c.req.valid('json'), new Date());
    return c.json(created, 201);
  })
  .get('/documentRequest/archive', vValidator('query', ArchiveQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await archiveOf(db, await c.var.user(), c.req.valid('query')));
  })
  .put('/documentRequest/:id/cancel', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await cancelRequest(db, await c.var.user(), c.req.valid('param').id, new Date()));
  })
  .delete('/documentRequest/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await deleteRequest(db, await c.var.user(), c.req.valid('param').id, new Date());
    return c.body(null, 204);
  })
  .get('/hospitalizations', vValidator('query', HospitalizationsQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { patientId } = c.req.valid('query');
    return c.json(await hospitalizationsOf(db, await c.var.user(), patientId, languageOf(c)));
  });
