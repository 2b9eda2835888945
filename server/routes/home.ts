import { Hono } from 'hono';
import type { HomeSummary } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { homeSummary } from '../services/home/summary';
import { languageOf } from '../services/language';

/** `GET /home`: the home's summary of what waits for the caller, in one call (decisions.md, "Home"). */
export const homeRoutes = new Hono<AppEnv>().get('/home', async (c) => {
  const { db } = c.get('deps');
  const user = await c.var.user();
  return c.json((await homeSummary(db, user, languageOf(c))) satisfies HomeSummary);
});
