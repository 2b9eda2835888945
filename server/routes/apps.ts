import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  AppIdParam,
  type AppRegistered,
  AppRegistration,
  ConnectedAppIdParam,
  type ConnectedApps,
  type RegisteredApp,
  type RegisteredApps,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { fhirAudienceOf } from '../config';
import { listConnectedApps, revokeConnectedApp } from '../services/apps/connected';
import { disableApp, listApps, registerApp } from '../services/apps/registry';
import { onInvalid } from '../validate';

/**
 * Third-party (SMART) apps: administrators register and disable them; every user sees the apps they let
 * read a dossier and revokes them. The audit trail is per patient, so the administrators' changes are in
 * the log (and the app's row names who registered it); the apps' reads are in the treatment history.
 */
export const appRoutes = new Hono<AppEnv>()
  .get('/admin/apps', async (c) => {
    const { db } = c.get('deps');
    return c.json((await listApps(db, await c.var.user())) satisfies RegisteredApps);
  })
  .post('/admin/apps', vValidator('json', AppRegistration, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const admin = await c.var.user();
    const registered = await registerApp(db, admin, c.req.valid('json'));
    c.get('logger').info('apps.registered', {
      adminId: admin.id,
      clientId: registered.app.clientId,
      confidential: registered.app.confidential,
    });
    return c.json(registered satisfies AppRegistered, 201, { 'Cache-Control': 'no-store' });
  })
  .post('/admin/apps/:id/disable', vValidator('param', AppIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const admin = await c.var.user();
    const app = await disableApp(db, admin, c.req.valid('param').id);
    c.get('logger').info('apps.disabled', { adminId: admin.id, clientId: app.clientId });
    return c.json(app satisfies RegisteredApp);
  })
  .get('/security/apps', async (c) => {
    const { db, config } = c.get('deps');
    const list = await listConnectedApps(db, await c.var.user(), fhirAudienceOf(config));
    return c.json(list satisfies ConnectedApps);
  })
  .delete('/security/apps/:id', vValidator('param', ConnectedAppIdParam, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const revoked = await revokeConnectedApp(db, user, c.req.valid('param').id, fhirAudienceOf(config));
    c.get('logger').info('apps.revoked', {
      userId: user.id,
      app: revoked.name,
      patientId: revoked.patientId,
    });
    return c.body(null, 204);
  });
