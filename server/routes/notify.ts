import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { NotificationPreferences } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { readPreferences, savePreferences } from '../services/notify/preferences';
import { currentUser } from '../services/users';
import { onInvalid } from '../validate';

/** `/notify` (spec 2, 3 "Notification preferences"): what each user wants to be told, and how often. */
export const notifyRoutes = new Hono<AppEnv>()
  .get('/notify/preferences', async (c) => {
    const { db } = c.get('deps');
    const user = await currentUser(c);
    return c.json((await readPreferences(db, user.id)) satisfies NotificationPreferences);
  })
  .put('/notify/preferences', vValidator('json', NotificationPreferences, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await currentUser(c);
    const saved = await savePreferences(db, user.id, c.req.valid('json'), new Date());
    return c.json(saved satisfies NotificationPreferences);
  });
