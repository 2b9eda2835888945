import { Hono } from 'hono';
import type { Notifications } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { conferenceNotificationCount } from '../services/conferences/list';
import { uploadNotificationCount } from '../services/uploads/list';
import { currentUser } from '../services/users';

/**
 * `GET /notifications` (spec 7): the counters of the menu. `conferences`: requests waiting for the
 * caller's answer. Messages and surveys do not exist in the portal yet: their counts are 0 until those
 * features bring their tables and queries.
 */
export const notificationRoutes = new Hono<AppEnv>().get('/notifications', async (c) => {
  const { db } = c.get('deps');
  const user = await currentUser(c);
  return c.json({
    conferences: await conferenceNotificationCount(db, user),
    messages: 0,
    uploadedDocuments: await uploadNotificationCount(db, user, new Date()),
    surveys: 0,
  } satisfies Notifications);
});
