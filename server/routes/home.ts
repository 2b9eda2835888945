import { Hono } from 'hono';
import type { HomeSummary } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { homeSummary } from '../services/home/summary';
import { languageOf } from '../services/language';
import { currentUser } from '../services/users';

/** `GET /home`: the home's summary of what waits for the caller, in one call (decisions.md, "Home"). */
export const homeRoutes = new Hono<AppEnv>().get('/home', async (c) => {
  const { db } = c.get('deps');
  const user = await currentUser(c);
  return c.json((await homeSummary(db, user, languageOf(c))) satisfies HomeSummary);
});
