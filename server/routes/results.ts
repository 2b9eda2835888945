import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  ReadingCorrectionBody,
  ReadingCreateBody,
  type ReadingHistory,
  ReadingIdParam,
  type ReadingList,
  ReadingListQuery,
  type ResultList,
  ResultListQuery,
  type ResultSeries,
  ResultSeriesQuery,
} from '../../src/contract/results';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import {
  addReading,
  correctReading,
  deleteReading,
  listReadings,
  readingHistory,
} from '../services/results/readings';
import { analyteSeries, listAnalytes } from '../services/results/series';
import { onInvalid } from '../validate';

/** Results as data with their trends, and the patient's own readings (behind the token check). */
export const resultsRoutes = new Hono<AppEnv>()
  .get('/results', vValidator('query', ResultListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const analytes = await listAnalytes(
      db,
      await c.var.user(),
      c.req.valid('query').patientId,
      languageOf(c),
    );
    return c.json({ analytes } satisfies ResultList);
  })
  .get('/results/series', vValidator('query', ResultSeriesQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { patientId, code } = c.req.valid('query');
    const series = await analyteSeries(db, await c.var.user(), patientId, code, languageOf(c));
    if (!series) throw new HttpError(404, 'NOT_FOUND');
    return c.json(series satisfies ResultSeries);
  })
  .get('/readings', vValidator('query', ReadingListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const readings = await listReadings(db, await c.var.user(), c.req.valid('query').patientId);
    return c.json({ readings } satisfies ReadingList);
  })
  .post('/readings', vValidator('json', ReadingCreateBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await addReading(db, await c.var.user(), c.req.valid('json'), new Date()), 201);
  })
  .put(
    '/readings/:id',
    vValidator('param', ReadingIdParam, onInvalid),
    vValidator('json', ReadingCorrectionBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const reading = await correctReading(
        db,
        await c.var.user(),
        c.req.valid('param').id,
        c.req.valid('json'),
        new Date(),
      );
      return c.json(reading);
    },
  )
  .delete('/readings/:id', vValidator('param', ReadingIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await deleteReading(db, await c.var.user(), c.req.valid('param').id, new Date());
    return c.body(null, 204);
  })
  .get('/readings/:id/history', vValidator('param', ReadingIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const history = await readingHistory(db, await c.var.user(), c.req.valid('param').id);
    return c.json(history satisfies ReadingHistory);
  });
