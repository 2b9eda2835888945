import type { Client, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { SMART_RESOURCE_TYPES } from '../../src/contract/apps';
import { grantPatientContext } from '../auth/app-grant';
import { fhirAudienceOf, type ServerConfig } from '../config';
import { SIGNING_ALG } from './keys';

/** App access tokens: five minutes, as the portal's; a refresh token gets the next. */
export const APP_ACCESS_TOKEN_TTL_SEC = 5 * 60;
/** An app's authorization lasts 90 days from the consent; then the patient is asked again. */
export const APP_GRANT_TTL_SEC = 90 * 24 * 60 * 60;
/** An app's refresh token dies after 30 days unused (each refresh rotates it), never past the grant. */
export const APP_REFRESH_IDLE_SEC = 30 * 24 * 60 * 60;

/** Read and search only (this FHIR endpoint serves no writes), in SMART v2 and v1 spellings. */
const PERMISSIONS = ['rs', 'r', 's', 'read'] as const;

/** Every patient-level scope the FHIR endpoint grants: each served type and `*`, read and search. */
export const FHIR_SCOPES: readonly string[] = [...SMART_RESOURCE_TYPES, '*'].flatMap((type) =>
  PERMISSIONS.map((permission) => `patient/${type}.${permission}`),
);

export function isPortalClient(config: ServerConfig, client: Pick<Client, 'clientId'> | undefined): boolean {
  return client?.clientId === config.oidcClientId;
}

/** `/fhir` as a resource server for the registered apps: JWT access tokens, bearer or DPoP-bound. */
export function fhirResourceServer(config: ServerConfig): ResourceServer {
  return {
    scope: FHIR_SCOPES.join(' '),
    audience: fhirAudienceOf(config),
    accessTokenTTL: APP_ACCESS_TOKEN_TTL_SEC,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };
}

/**
 * SMART's `aud` (the FHIR base the app means to call, RFC 8707's resource under its older name): an app
 * must send it and it must be this endpoint, so a token is never minted for a counterfeit server. The
 * portal does not send it.
 */
export function audParam(config: ServerConfig) {
  return async (ctx: KoaContextWithOIDC, value: string | undefined, client: Client): Promise<void> => {
    if (isPortalClient(config, client)) return;
    if (value !== fhirAudienceOf(config))
      throw new errors.InvalidRequest(`aud must be this server's FHIR base URL (${fhirAudienceOf(config)})`);
    keepOfflineAccess(ctx);
  };
}

/**
 * OpenID Connect drops `offline_access` unless the request says `prompt=consent`, so that the user is
 * asked. An app's request always gets the consent page (loadExistingGrant gives it no earlier grant), and
 * SMART apps do not send the prompt: the scope they asked is put back, for the page to show and the
 * patient to allow. This runs after the provider's scope check (extra parameters are checked last).
 */
function keepOfflineAccess(ctx: KoaContextWithOIDC): void {
  const raw =
    ctx.method === 'POST' ? (ctx.oidc.body as { scope?: unknown } | undefined)?.scope : ctx.query.scope;
  if (typeof raw !== 'string' || !raw.split(' ').includes('offline_access')) return;
  const params = ctx.oidc.params;
  if (!params) return;
  const scopes = typeof params.scope === 'string' ? params.scope.split(' ') : [];
  if (!scopes.includes('offline_access')) params.scope = [...scopes, 'offline_access'].join(' ');
}

/**
 * SMART's token response names the patient in context (`patient`, the FHIR id), which oidc-provider has
 * no hook for: added here to the JSON the token endpoint wrote, from the grant it used. Its `scope` also
 * lists the identity and launch scopes granted (the provider lists the resource's only).
 */
export function smartTokenResponse(config: ServerConfig) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200 || isPortalClient(config, ctx.oidc.client)) return;
    const body = ctx.body as Record<string, unknown> | undefined;
    const { Grant, AuthorizationCode, RefreshToken } = ctx.oidc.entities;
    const context = grantPatientContext(Grant);
    if (!body || typeof body.access_token !== 'string' || !context || !Grant) return;
    const source = RefreshToken ?? AuthorizationCode;
    const granted = Grant.getOIDCScopeFiltered(source?.scopes ?? new Set<string>()).split(' ');
    const scope = [...new Set([...String(body.scope ?? '').split(' '), ...granted])].filter(Boolean);
    ctx.body = { ...body, scope: scope.join(' '), patient: String(context.patient) };
  };
}
