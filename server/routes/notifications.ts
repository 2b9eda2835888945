import { Hono } from 'hono';
import type { Notifications } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { conferenceNotificationCount } from '../services/conferences/list';
import { unreadMessageCount } from '../services/messages/read';
import { uploadNotificationCount } from '../services/uploads/list';
import { currentUser } from '../services/users';

/**
 * `GET /notifications` (spec 7): the counters of the menu. `conferences`: requests waiting for the
 * caller's answer; `messages`: the caller's unread received messages. Surveys do not exist in the
 * portal yet: 0 until they bring their table.
 */
export const notificationRoutes = new Hono<AppEnv>().get('/notifications', async (c) => {
  const { db } = c.get('deps');
  const user = await currentUser(c);
  return c.json({
    conferences: await conferenceNotificationCount(db, user),
    messages: await unreadMessageCount(db, user),
    uploadedDocuments: await uploadNotificationCount(db, user, new Date()),
    surveys: 0,
  } satisfies Notifications);
});
