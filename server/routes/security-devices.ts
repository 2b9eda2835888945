import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  DeviceIdParam,
  type DeviceRevoked,
  type SecurityDevices,
  type SignedOutEverywhere,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { listDevices } from '../services/security/devices';
import { recordDeviceEvent, revokeDevice } from '../services/security/devices-revoke';
import { endAccountSessions } from '../services/security/end-sessions';
import { onInvalid } from '../validate';

/** The devices and sessions of the account, revoking one, and signing out everywhere. */
export const securityDeviceRoutes = new Hono<AppEnv>()
  .get('/security/devices', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const grantId = c.get('principal').grantId;
    return c.json(
      (await listDevices(db, { userId: user.id, grantId, now: new Date() })) satisfies SecurityDevices,
    );
  })
  .delete('/security/devices/:id', vValidator('param', DeviceIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    const revoked = await revokeDevice(db, {
      userId: user.id,
      id,
      grantId: c.get('principal').grantId,
      now: new Date(),
    });
    return c.json(revoked satisfies DeviceRevoked);
  })
  // Every browser, this one too: the page then goes to the login page.
  .post('/account/signOutEverywhere', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const ended = await endAccountSessions(db, { userId: user.id });
    await recordDeviceEvent(db, {
      userId: user.id,
      action: 'SIGN_OUT_EVERYWHERE',
      outcome: 'ALLOWED',
      detail: `${ended.grants} sessions, ${ended.devices} remembered, ${ended.pushSubscriptions} push`,
    });
    return c.json({
      sessions: ended.grants,
      remembered: ended.devices,
      push: ended.pushSubscriptions,
    } satisfies SignedOutEverywhere);
  });
