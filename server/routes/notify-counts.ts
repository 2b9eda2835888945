import { Hono } from 'hono';
import type { Notifications } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { conferenceNotificationCount } from '../services/conferences/list';
import { unreadMessageCount } from '../services/messages/read';
import { surveyNotificationCount } from '../services/surveys/patient';
import { uploadNotificationCount } from '../services/uploads/list';

/**
 * `GET /notifications` (spec 7): the counters of the menu. `conferences`: requests waiting for the
 * caller's answer; `messages`: the caller's unread received messages; `surveys`: a patient's survey cards
 * still open (to do or started, not past their due date, not cancelled).
 */
export const notificationRoutes = new Hono<AppEnv>().get('/notifications', async (c) => {
  const { db } = c.get('deps');
  const user = await c.var.user();
  return c.json({
    conferences: await conferenceNotificationCount(db, user),
    messages: await unreadMessageCount(db, user),
    uploadedDocuments: await uploadNotificationCount(db, user, new Date()),
    surveys: await surveyNotificationCount(db, user),
  } satisfies Notifications);
});
