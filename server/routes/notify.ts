import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  NotificationPreferences,
  PushAck,
  type PushDeviceStatus,
  PushEndpoint,
  type PushKey,
  PushSubscriptionInput,
  type WaitingBadge,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { requestAddress } from '../request-address';
import { deviceStatus } from '../services/notify/device-health';
import { readPreferences, savePreferences } from '../services/notify/preferences';
import { receivePushAck } from '../services/notify/push-ack';
import { vapidKeys } from '../services/notify/push-keys';
import { removeSubscription, saveSubscription } from '../services/notify/push-subscriptions';
import { notePushAgent } from '../services/security/sessions-seen';
import { waitingTotal } from '../services/waiting-total';
import { onInvalid } from '../validate';

/** `/notify` (spec 2, 3 "Notification preferences"): what each user wants to be told, and how often. */
export const notifyRoutes = new Hono<AppEnv>()
  .get('/notify/preferences', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json((await readPreferences(db, user.id)) satisfies NotificationPreferences);
  })
  .put('/notify/preferences', vValidator('json', NotificationPreferences, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const saved = await savePreferences(db, user.id, c.req.valid('json'), new Date());
    return c.json(saved satisfies NotificationPreferences);
  })
  // The app icon's badge while the app is open: the same total a push carries.
  .get('/notify/badge', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json({ count: await waitingTotal(db, user) } satisfies WaitingBadge);
  })
  .get('/notify/push/key', async (c) => {
    const { publicKey } = await vapidKeys(c.get('deps').db);
    return c.json({ publicKey } satisfies PushKey);
  })
  .put('/notify/push/subscription', vValidator('json', PushSubscriptionInput, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const input = c.req.valid('json');
    await saveSubscription(db, user.id, input, config.pushOrigins, new Date());
    // The device list names the browser behind each push device.
    await notePushAgent(db, {
      userId: user.id,
      endpoint: input.endpoint,
      userAgent: c.req.header('user-agent'),
    });
    return c.body(null, 204);
  })
  // POST, not GET: the endpoint is a capability URL and stays out of query strings and logs.
  .post('/notify/push/device', vValidator('json', PushEndpoint, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const status = await deviceStatus(db, user.id, c.req.valid('json').endpoint, new Date());
    if (!status) throw new HttpError(404, 'NOT_FOUND');
    return c.json(status satisfies PushDeviceStatus);
  })
  .delete('/notify/push/subscription', vValidator('json', PushEndpoint, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await removeSubscription(db, user.id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });

/** The service worker's acknowledgement: it has no access token, so this is mounted before the check. */
export const notifyAckRoutes = new Hono<AppEnv>().post(
  '/notify/push/ack',
  vValidator('json', PushAck, onInvalid),
  async (c) => {
    await receivePushAck(c.get('deps').db, c.req.valid('json').token, requestAddress(c), new Date());
    return c.body(null, 204);
  },
);
