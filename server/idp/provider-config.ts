import type { JWK } from 'jose';
import type { Configuration, JWKS, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { grantPatientContext } from '../auth/app-grant';
import { GRANT_CLAIM } from '../auth/grant-liveness';
import { fhirAudienceOf, type ServerConfig } from '../config';
import type { Database } from '../db/client';
import { DB_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logger';
import type { SmsSender } from '../services/sms/outbox';
import { switchedTokenSource } from './account-switch-source';
import { findAccount } from './accounts';
import { DrizzleAdapter, extendSession } from './adapter';
import { providerCookies } from './cookies';
import { escapeHtml, messageBody, renderPage } from './html';
import { SIGNING_ALG } from './keys';
import { pickLocale } from './locale';
import { messages } from './messages';
import { nonceOf } from './security';
import { seeNewGrant } from './session-seen';
import { SmartClientAdapter } from './smart-clients';
import {
  APP_GRANT_TTL_SEC,
  APP_REFRESH_IDLE_SEC,
  audParam,
  fhirResourceServer,
  isPortalClient,
} from './smart-resource';

export const ACCESS_TOKEN_TTL_SEC = 5 * 60;
export const IDLE_TTL_SEC = 30 * 60;
export const ABSOLUTE_TTL_SEC = 12 * 60 * 60;
/** Scopes of the API resource: the portal's usual request, so no extra scope and no consent prompt. */
export const API_SCOPES = 'openid profile email offline_access';
export const DEV_ORIGIN = 'http://localhost:5173';

const now = (): number => Math.floor(Date.now() / 1000);

/** Seconds left until `start + 12 h`, at least one (oidc-provider wants a positive TTL). */
export function untilAbsoluteLimit(start: number | undefined): number {
  return Math.max(1, (start ?? now()) + ABSOLUTE_TTL_SEC - now());
}

/** Login session lifetime: 30 minutes idle, never past login + 12 h. */
export function sessionTtl(loginTs: number | undefined): number {
  return Math.min(IDLE_TTL_SEC, untilAbsoluteLimit(loginTs));
}

/**
 * Token requests keep the login session alive (the browser's cookie only slides on IdP pages). Without
 * this, refresh tokens, which die with the session, would end 30 minutes after the last page visit.
 */
export async function touchSession(ctx: KoaContextWithOIDC, db: Database): Promise<void> {
  const { RefreshToken, AuthorizationCode } = ctx.oidc.entities;
  const uid = (RefreshToken ?? AuthorizationCode)?.sessionUid;
  if (!uid) return;
  const session = await ctx.oidc.provider.Session.findByUid(uid);
  // Only the expiry moves: saving the session read here could undo what an IdP page wrote since.
  if (session) await extendSession(db, uid, sessionTtl(session.loginTs));
}

/**
 * Lifetimes (seconds). Idle limit 30 min for the login session and the refresh tokens; absolute limit
 * 12 h from the login for everything. A registered app's grant and refresh tokens: smart-resource.ts.
 */
function lifetimes(config: ServerConfig): Configuration['ttl'] {
  return {
    AccessToken: ACCESS_TOKEN_TTL_SEC,
    AuthorizationCode: 60,
    IdToken: ACCESS_TOKEN_TTL_SEC,
    Interaction: IDLE_TTL_SEC,
    Session: (_ctx, session) => sessionTtl(session.loginTs),
    Grant: (ctx, grant) =>
      grant.clientId === config.oidcClientId
        ? untilAbsoluteLimit(ctx?.oidc?.session?.loginTs)
        : APP_GRANT_TTL_SEC,
    RefreshToken: (_ctx, token) =>
      token.clientId === config.oidcClientId
        ? Math.min(IDLE_TTL_SEC, untilAbsoluteLimit(token.authTime ?? token.iiat))
        : Math.max(1, Math.min(APP_REFRESH_IDLE_SEC, (token.iiat ?? now()) + APP_GRANT_TTL_SEC - now())),
  };
}

/** The API as a resource server: JWT access tokens for its audience (also minted by an account switch). */
export function apiResourceServer(config: ServerConfig): ResourceServer {
  return {
    scope: API_SCOPES,
    audience: config.apiAudience,
    accessTokenTTL: ACCESS_TOKEN_TTL_SEC,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };
}

export interface ProviderConfigOptions {
  config: ServerConfig;
  db: Database;
  logger: Logger;
  basePath: string;
  signingKeys: JWK[];
  cookieKeys: string[];
  /** Sends the new-device notice when a login comes from a browser not seen before. */
  smsSender: SmsSender;
  clock?: () => Date;
}

export function clientRedirects(config: ServerConfig): { redirectUris: string[]; postLogoutUris: string[] } {
  // The Vite dev server is a client origin only in development: elsewhere it is any local process.
  const origins = [...new Set([config.publicUrl, ...(config.development ? [DEV_ORIGIN] : [])])];
  return {
    redirectUris: [
      ...origins.map((origin) => `${origin}/postAuth`),
      ...origins.map((origin) => `${origin}/silent-check.html`),
    ],
    postLogoutUris: [...origins.map((origin) => `${origin}/`), ...origins.map((origin) => `${origin}/login`)],
  };
}

function page(
  ctx: KoaContextWithOIDC,
  config: ServerConfig,
  title: string,
  body: string,
  scripts?: string[],
): void {
  const locale = pickLocale(ctx.req, { uiLocales: ctx.oidc?.params?.ui_locales });
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = renderPage({
    locale,
    nonce: nonceOf(ctx.req),
    title,
    appTitle: config.applicationTitle,
    body,
    scripts,
  });
}

export function buildProviderConfiguration(opts: ProviderConfigOptions): Configuration {
  const { config, db, logger, basePath } = opts;
  const { redirectUris, postLogoutUris } = clientRedirects(config);
  const localeOf = (ctx: KoaContextWithOIDC) =>
    messages[pickLocale(ctx.req, { uiLocales: ctx.oidc?.params?.ui_locales })];

  return {
    // Registered apps are clients read from smart_apps; everything else the provider stores is a payload.
    adapter: (name: string) =>
      name === 'Client' ? new SmartClientAdapter(db) : new DrizzleAdapter(db, name),
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: config.applicationTitle,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutUris,
        id_token_signed_response_alg: SIGNING_ALG,
      },
    ],
    clientDefaults: { id_token_signed_response_alg: SIGNING_ALG },
    jwks: { keys: opts.signingKeys as JWKS['keys'] },
    cookies: providerCookies(config.publicUrl, basePath, opts.cookieKeys),
    findAccount: (_ctx, subject) => findAccount(db, subject),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'user_type'],
      email: ['email', 'email_verified'],
      // SMART: the FHIR resource of the user (`Patient/<id>`), asked by apps only.
      fhirUser: ['fhirUser'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access', 'launch/patient'],
    extraParams: { aud: audParam(config) },
    // The portal reads the profile from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // The portal (and the Vite dev server) call the token endpoint from the browser: its own origins only.
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}` },
    async loadExistingGrant(ctx) {
      const { provider, client, session, account } = ctx.oidc;
      if (!client || !account) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      // A registered app: only the grant its consent made just now, so the patient is asked every time.
      if (!isPortalClient(config, client)) {
        const consented = ctx.oidc.result?.consent?.grantId;
        return consented ? provider.Grant.find(consented) : undefined;
      }
      // First-party portal: grant everything it may ask for, so no consent page is ever shown.
      // After an account switch the session's grant is the switched-to account's, as is the session.
      const grant =
        existing?.accountId === account.accountId
          ? existing
          : new provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      grant.addOIDCScope(API_SCOPES);
      grant.addOIDCClaims(['name', 'preferred_username', 'user_type', 'email', 'email_verified']);
      grant.addResourceScope(config.apiAudience, API_SCOPES);
      const savedId = await grant.save();
      // A grant made here is a login: the device list and the new-device notice learn of it.
      if (grant !== existing && savedId) {
        const deps = {
          db,
          config,
          logger,
          smsSender: opts.smsSender,
          ...(opts.clock ? { clock: opts.clock } : {}),
        };
        await seeNewGrant(ctx, deps, { grantId: savedId, subject: account.accountId });
      }
      return grant;
    },
    // An app gets a refresh token only when the patient allowed offline access (SMART's offline_access).
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (isPortalClient(config, client) || code.scopes.has('offline_access')),
    // Tokens die with the login session: logout or the 12 h session end revokes them. An app with
    // offline access keeps its grant past the portal's logout, until it ends or the patient revokes it.
    expiresWithSession: async (ctx, code) =>
      isPortalClient(config, ctx.oidc.client) || !code.scopes.has('offline_access'),
    rotateRefreshToken: true,
    // The grant id lets the API check on each call that logout or a revocation has not ended it.
    async extraTokenClaims(ctx, token) {
      // An account switch mints outside any request of the provider: no context, its source beside it.
      const source = ctx
        ? (ctx.oidc.entities.RefreshToken ?? ctx.oidc.entities.AuthorizationCode)
        : switchedTokenSource(token);
      const grantId = 'grantId' in token ? token.grantId : undefined;
      // An app's token names its patient (SMART's `patient`), as the token response does.
      const context = ctx ? grantPatientContext(ctx.oidc.entities.Grant) : null;
      return {
        ...(source?.amr ? { amr: source.amr } : {}),
        ...(grantId ? { [GRANT_CLAIM]: grantId } : {}),
        ...(context ? { patient: String(context.patient) } : {}),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      dPoP: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, client) =>
          isPortalClient(config, client) ? config.apiAudience : fhirAudienceOf(config),
        useGrantedResource: async () => true,
        // The API is the portal's alone and /fhir is the apps' audience: an app's token never reaches /api.
        getResourceServerInfo: async (_ctx, resource, client) => {
          const portal = isPortalClient(config, client);
          if (portal && resource === config.apiAudience) return apiResourceServer(config);
          if (!portal && resource === fhirAudienceOf(config)) return fhirResourceServer(config);
          throw new errors.InvalidTarget();
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Confirmation submits itself (external script under the nonce); the button is the no-script fallback.
        async logoutSource(ctx, form) {
          const text = localeOf(ctx);
          const withChoice = form.replace(
            '</form>',
            '<input type="hidden" name="logout" value="yes"/></form>',
          );
          const body = `<h1>${escapeHtml(text.signOutTitle)}</h1><p>${escapeHtml(text.signOutText)}</p>${withChoice}
<button type="submit" form="op.logoutForm">${escapeHtml(text.signOutButton)}</button>`;
          page(ctx, config, text.signOutTitle, body, [`${basePath}/assets/auto-submit.js`]);
        },
        async postLogoutSuccessSource(ctx) {
          const text = localeOf(ctx);
          const link = { href: `${config.publicUrl}/`, label: text.backToPortal };
          page(ctx, config, text.signedOutTitle, messageBody(text.signedOutTitle, text.signedOutText, link));
        },
      },
    },
    enabledJWA: { dPoPSigningAlgValues: ['ES256', 'RS256', 'EdDSA', 'Ed25519'] },
    async renderError(ctx, out, error) {
      logger.warn('idp.error', { error: out.error, description: out.error_description, name: error.name });
      if (isDatabaseUnavailable(error)) {
        ctx.status = 503;
        ctx.set('Retry-After', String(DB_RETRY_AFTER_SECONDS));
      }
      const text = localeOf(ctx);
      const detail = out.error_description
        ? `${text.errorText} (${out.error}: ${out.error_description})`
        : text.errorText;
      const link = { href: `${config.publicUrl}/`, label: text.backToPortal };
      page(ctx, config, text.errorTitle, messageBody(text.errorTitle, detail, link));
    },
    ttl: lifetimes(config),
  };
}
