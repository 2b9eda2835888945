import { Hono } from 'hono';
import type { Notifications } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { unreadMessageCount } from '../services/messages/read';
import { uploadNotificationCount } from '../services/uploads/list';
import { currentUser } from '../services/users';

/**
 * `GET /notifications` (spec 7): the counters of the menu; `messages` is the caller's unread received
 * messages. Conferences and surveys do not exist in the portal yet: 0 until they bring their tables.
 */
export const notificationRoutes = new Hono<AppEnv>().get('/notifications', async (c) => {
  const { db } = c.get('deps');
  const user = await currentUser(c);
  return c.json({
    conferences: 0,
    messages: await unreadMessageCount(db, user),
    uploadedDocuments: await uploadNotificationCount(db, user, new Date()),
    surveys: 0,
  } satisfies Notifications);
});
