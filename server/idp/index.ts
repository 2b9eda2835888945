import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONWebKeySet } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { LaunchSessions } from '../auth/cdc-sessions';
import type { AccountSwitcher } from '../auth/principal';
import { LoginRateLimit } from '../auth/rate-limit';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logger';
import { everyReplyHeaders } from '../middleware/security-headers';
import { sweepChallenges } from '../services/security/passkeys';
import { recordOnlySender, type SmsSender } from '../services/sms/outbox';
import { createAccountSwitcher } from './account-switch';
import { sweepExpired } from './adapter';
import { launchSessions } from './cdc-session';
import { RESEND_COUNTDOWN_JS } from './code-page';
import { RESEND_SCRIPT_PATH } from './code-step';
import { handleInteraction } from './interaction';
import type { DemoLogin } from './interaction-deps';
import { loadIdpKeys, publicJwksOf } from './keys';
import { webauthnBrowserBundle } from './passkey-assets';
import { PASSKEY_JS, PASSKEY_SCRIPT_PATH, WEBAUTHN_SCRIPT_PATH } from './passkey-page';
import { buildProviderConfiguration, clientRedirects, touchSession } from './provider-config';
import { applySecurityHeaders, type SecurityPolicy } from './security';
import { touchGrantOf } from './session-seen';
import { isPortalClient, smartTokenResponse } from './smart-resource';

/** Where the main server mounts the provider; the issuer is `${publicUrl}${IDP_BASE_PATH}`. */
export const IDP_BASE_PATH = '/idp';
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

// Submits the logout confirmation form: served as a file so the CSP needs no inline script.
const AUTO_SUBMIT_JS =
  "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(f)f.submit();});\n";

export interface EmbeddedIdp {
  handle(req: IncomingMessage, res: ServerResponse): void;
  publicJwks: JSONWebKeySet;
  provider: Provider;
  /** Logins for context-sharing launches (`POST /api/v1/discovery`, `GET /api/v1/cdc`). */
  launch: LaunchSessions;
  /** `POST /api/account/switch` mints here. */
  switchAccount: AccountSwitcher;
}

export interface EmbeddedIdpOptions {
  config: ServerConfig;
  db: Database;
  logger: Logger;
  /** Delivers the strong-login codes; the default only records them in the outbox. */
  smsSender?: SmsSender;
  /** Fake time for tests of code expiry and trusted devices. */
  clock?: () => Date;
  /** Demo mode only: the accounts, password and authenticator key the login page shows (from the seed). */
  demoLogin?: DemoLogin;
}

function securityPolicy(config: ServerConfig): SecurityPolicy {
  const portalOrigin = new URL(config.publicUrl).origin;
  const { redirectUris, postLogoutUris } = clientRedirects(config);
  const formTargets = [...redirectUris, ...postLogoutUris].map((uri) => new URL(uri).origin);
  return { portalOrigin, formTargets, everyReply: everyReplyHeaders(config) };
}

export async function createEmbeddedIdp(opts: EmbeddedIdpOptions): Promise<EmbeddedIdp> {
  const { config, db, logger } = opts;
  const issuer = `${config.publicUrl}${IDP_BASE_PATH}`;
  const keys = await loadIdpKeys(db);
  const provider = new Provider(
    issuer,
    buildProviderConfiguration({
      config,
      db,
      logger,
      basePath: IDP_BASE_PATH,
      signingKeys: keys.signing,
      cookieKeys: keys.cookie,
      smsSender: opts.smsSender ?? recordOnlySender,
      ...(opts.clock ? { clock: opts.clock } : {}),
    }),
  );
  // Behind the reverse proxy the scheme and host come from X-Forwarded-*.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error: Error) =>
    logger.error('idp.server_error', { error: error.message }),
  );
  // The token endpoint's reply to an app names its patient (SMART); the portal's is left as it is.
  provider.use(smartTokenResponse(config));
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    // An app's refresh is not the person at the portal: it must not keep their login session alive.
    if (!isPortalClient(config, ctx.oidc.client)) return;
    touchSession(ctx, db).catch((error: Error) =>
      logger.warn('idp.session_touch_failed', { error: error.message }),
    );
    touchGrantOf(ctx, { db, config, logger, smsSender: recordOnlySender });
  });
  provider.on('grant.revoked', (_ctx, grantId: string) => logger.info('idp.grant_revoked', { grantId }));

  const limiter = new LoginRateLimit(db);
  const policy = securityPolicy(config);
  const callback = provider.callback();
  const interactionDeps = {
    provider,
    db,
    config,
    logger,
    limiter,
    basePath: IDP_BASE_PATH,
    smsSender: opts.smsSender ?? recordOnlySender,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.demoLogin && config.demoMode ? { demoLogin: opts.demoLogin } : {}),
  };
  const assets: Record<string, string> = {
    [`${IDP_BASE_PATH}/assets/auto-submit.js`]: AUTO_SUBMIT_JS,
    [`${IDP_BASE_PATH}${RESEND_SCRIPT_PATH}`]: RESEND_COUNTDOWN_JS,
    [`${IDP_BASE_PATH}${WEBAUTHN_SCRIPT_PATH}`]: webauthnBrowserBundle(),
    [`${IDP_BASE_PATH}${PASSKEY_SCRIPT_PATH}`]: PASSKEY_JS,
  };

  const sweep = (): void => {
    sweepExpired(db).catch((error: Error) => logger.warn('idp.sweep_failed', { error: error.message }));
    sweepChallenges(db).catch((error: Error) => logger.warn('idp.sweep_failed', { error: error.message }));
  };
  sweep();
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();

  const fail = (res: ServerResponse, error: unknown): void => {
    const away = isDatabaseUnavailable(error);
    logger[away ? 'warn' : 'error']('idp.request_failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    if (!res.headersSent) {
      // The database away: a retry in a moment works, as for the API (DB_UNAVAILABLE).
      res.statusCode = away ? 503 : 500;
      if (away) res.setHeader('Retry-After', String(DB_RETRY_AFTER_SECONDS));
      res.end();
    } else {
      res.destroy();
    }
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const original = req.url ?? '/';
    const pathname = original.split('?')[0] ?? '/';
    if (pathname !== IDP_BASE_PATH && !pathname.startsWith(`${IDP_BASE_PATH}/`)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    applySecurityHeaders(req, res, policy);
    if (pathname.startsWith(`${IDP_BASE_PATH}/interaction/`)) {
      handleInteraction(req, res, interactionDeps).catch((error: unknown) => fail(res, error));
      return;
    }
    const asset = assets[pathname];
    if (asset !== undefined) {
      res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end(asset);
      return;
    }
    // Mount like koa-mount: the provider routes on the stripped path and rebuilds its URLs from originalUrl.
    Object.assign(req, { originalUrl: original });
    req.url = original.slice(IDP_BASE_PATH.length) || '/';
    if (req.url.startsWith('?')) req.url = `/${req.url}`;
    callback(req, res).catch((error: unknown) => fail(res, error));
  }

  return {
    handle,
    publicJwks: publicJwksOf(keys.signing) as JSONWebKeySet,
    provider,
    launch: launchSessions(provider, config, IDP_BASE_PATH),
    switchAccount: createAccountSwitcher(provider, db, config),
  };
}
