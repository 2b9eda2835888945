import { and, eq, isNull, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Database } from '../db/client';
import { oidcPayloads, smartApps } from '../db/schema';
import { HttpError } from '../http-error';
import { patientContextOf } from './app-grant';
import { liveGrantCondition } from './grant-liveness';
import type { Principal, TokenRequest, VerifyToken } from './principal';
import type { TokenVerifier } from './token-verifier';

/** What a live app grant says: the app's registered name and the patient context stored in the grant. */
export type AppGrantReader = (
  grantId: string,
  clientId: string,
) => Promise<{ name: string; rar: unknown } | null>;

/**
 * The grant behind an app's token, if it still lives and its app is still enabled, with the app's name:
 * one statement on every FHIR call of an app, so a revocation or a disabled app stops the next call.
 */
export function appGrantReader(db: Database): AppGrantReader {
  const statement = db
    .select({ name: smartApps.name, rar: sql<unknown>`${oidcPayloads.payload} -> 'rar'` })
    .from(oidcPayloads)
    .innerJoin(smartApps, eq(smartApps.clientId, sql`${oidcPayloads.payload} ->> 'clientId'`))
    .where(
      and(
        liveGrantCondition(sql.placeholder('grantId'), sql`${sql.placeholder('now')}::timestamptz`),
        eq(smartApps.clientId, sql.placeholder('clientId')),
        isNull(smartApps.disabledAt),
      ),
    )
    .limit(1)
    .prepare('app_grant_live');
  return async (grantId, clientId) => {
    const [row] = await statement.execute({ grantId, clientId, now: new Date().toISOString() });
    return row ?? null;
  };
}

export interface TokenRoutes {
  /** The portal's tokens (the API's audience, DPoP-bound by the portal): everywhere, as before. */
  portal: TokenVerifier;
  /** Tokens for the FHIR audience: signature, expiry, and a DPoP proof when the app bound its token. */
  app: TokenVerifier;
  readAppGrant: AppGrantReader;
  fhirAudience: string;
  /** Path the FHIR endpoint is mounted at (`/fhir`): the only place an app's token opens. */
  fhirBase: string;
}

const refused = (description: string): HttpError =>
  new HttpError(401, 'UNAUTHENTICATED', undefined, {
    'WWW-Authenticate': `Bearer realm="fhir", error="invalid_token", error_description="${description}"`,
  });

/** The audience the token claims, unverified: only to choose the verifier, which then checks it. */
function claimedAudience(request: TokenRequest): string[] {
  const token = request.headers.get('authorization')?.split(/\s+/)[1];
  try {
    const { aud } = token ? decodeJwt(token) : {};
    return Array.isArray(aud) ? aud : typeof aud === 'string' ? [aud] : [];
  } catch {
    return [];
  }
}

/** The user part of an account subject (a guest's account adds `#g<grant>`). */
const userOf = (subject: string): string => subject.replace(/#g[1-9]\d*$/, '');

/**
 * Every token check of the server: under the FHIR base a token for the FHIR audience is an app's (plain
 * bearer allowed: SMART does not require DPoP) and becomes `Principal.app`, read as the account the
 * patient's consent named; any other token, anywhere, goes to the portal's check, whose audience an
 * app's token never has, so an app reaches /fhir only.
 */
export function routeTokens(routes: TokenRoutes): VerifyToken {
  const underFhir = (url: string): boolean => {
    const { pathname } = new URL(url);
    return pathname === routes.fhirBase || pathname.startsWith(`${routes.fhirBase}/`);
  };
  return async (request): Promise<Principal> => {
    if (!underFhir(request.url) || !claimedAudience(request).includes(routes.fhirAudience))
      return routes.portal(request);
    const verified = await routes.app(request);
    const clientId = verified.claims.client_id;
    if (!verified.grantId || typeof clientId !== 'string') throw refused('not an app token');
    const grant = await routes.readAppGrant(verified.grantId, clientId);
    const context = grant ? patientContextOf(grant.rar) : null;
    if (!grant || !context || userOf(context.account) !== userOf(verified.subject))
      throw refused('authorization ended');
    const scope = verified.claims.scope;
    return {
      subject: context.account,
      authenticationMethod: verified.authenticationMethod,
      grantId: verified.grantId,
      ...(verified.expiresAt !== undefined ? { expiresAt: verified.expiresAt } : {}),
      ...(verified.jkt !== undefined ? { jkt: verified.jkt } : {}),
      app: {
        clientId,
        name: grant.name,
        patientId: context.patient,
        scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
      },
    };
  };
}
