import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import { decodeJwt } from 'jose';
import {
  type CdcLogoutReply,
  CdcLogoutRequest,
  ContextQuery,
  DiscoveryRequest,
  type LaunchPreview,
  type LaunchReply,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { GRANT_CLAIM } from '../auth/grant-liveness';
import type { ServerConfig } from '../config';
import { HttpError } from '../http-error';
import { requestAddress } from '../request-address';
import { launcherKeys } from '../services/cdc/keys';
import {
  type LaunchContext,
  previewContext,
  previewLaunchToken,
  redeemContext,
  redeemLaunchToken,
} from '../services/cdc/launch';
import { withLaunchLimit } from '../services/cdc/limit';
import { onInvalid } from '../validate';

/**
 * Redeems a launch under the address limit, then has the IdP log the staff user in; the browser's DPoP
 * proof (header `DPoP`, for POST to the token endpoint) binds the tokens to its key.
 */
async function launch(c: Context<AppEnv>, redeem: () => Promise<LaunchContext | null>): Promise<LaunchReply> {
  const { db, logger, launchSessions, config } = c.get('deps');
  const context = await withLaunchLimit({ db, logger }, requestAddress(c), async () =>
    launchSessions ? redeem() : null,
  );
  const token = await launchSessions?.issue(context.subject, c.req.header('DPoP'));
  if (!token) throw new HttpError(404, 'CDC_ERROR');
  logger.info('cdc.launched', { subject: context.subject, patientId: context.patientId });
  c.header('Cache-Control', 'no-store');
  return {
    token,
    otherParams: { patientId: context.patientId, page: context.page },
    settings: { launchedFromExternalApp: true, hideLogout: false, openerOrigin: openerOrigin(config) },
  };
}

/** Who a launch would log in, under the same address limit, without redeeming it. */
async function preview(
  c: Context<AppEnv>,
  look: () => Promise<LaunchContext | null>,
): Promise<LaunchPreview> {
  const { db, logger, launchSessions } = c.get('deps');
  const context = await withLaunchLimit({ db, logger }, requestAddress(c), async () =>
    launchSessions ? look() : null,
  );
  c.header('Cache-Control', 'no-store');
  return { displayName: context.displayName };
}

/** Who hears the portal's logout: the configured launcher, the demo launcher (same origin), or anyone. */
function openerOrigin(config: ServerConfig): string {
  if (config.cdcOpenerOrigin) return config.cdcOpenerOrigin;
  return config.demoMode && !config.cdcLauncherJwks ? new URL(config.publicUrl).origin : '*';
}

/**
 * Public (no token): `POST /v1/discovery` with a launch token, `GET /v1/cdc?id=` with a context session id,
 * and their `/preview`s.
 */
export const cdcLaunchRoutes = new Hono<AppEnv>()
  .post('/v1/discovery/preview', vValidator('json', DiscoveryRequest, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const { token } = c.req.valid('json');
    return c.json(
      await preview(c, async () => {
        const keys = await launcherKeys(config, db);
        return keys ? previewLaunchToken(db, keys, config.publicUrl, token) : null;
      }),
    );
  })
  .get('/v1/cdc/preview', vValidator('query', ContextQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('query');
    return c.json(await preview(c, () => previewContext(db, id)));
  })
  .post('/v1/discovery', vValidator('json', DiscoveryRequest, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const { token } = c.req.valid('json');
    return c.json(
      await launch(c, async () => {
        const keys = await launcherKeys(config, db);
        return keys ? redeemLaunchToken(db, keys, config.publicUrl, token) : null;
      }),
    );
  })
  .get('/v1/cdc', vValidator('query', ContextQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('query');
    return c.json(await launch(c, () => redeemContext(db, id)));
  });

/**
 * `POST /v1/cdc/logout` (with the session's token): ends the launched login at the IdP and says where the
 * window goes next. The body's token must be the caller's own.
 */
export const cdcLogoutRoutes = new Hono<AppEnv>().post(
  '/v1/cdc/logout',
  vValidator('json', CdcLogoutRequest, onInvalid),
  async (c) => {
    const { config, launchSessions } = c.get('deps');
    const { access_token } = c.req.valid('json');
    const presented = c.req.header('Authorization')?.split(' ')[1];
    const claims = presented === access_token ? decodeJwt(access_token) : null;
    if (!claims || claims.sub !== c.get('principal').subject) throw new HttpError(400, 'BAD_REQUEST');
    const grantId = claims[GRANT_CLAIM];
    if (typeof grantId === 'string') await launchSessions?.end(grantId);
    const reply: CdcLogoutReply = { redirectUrl: config.cdcLogoutUrl ?? `${config.publicUrl}/` };
    return c.json(reply);
  },
);
