import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { HttpError } from '../http-error';
import { DPOP_ALGORITHMS, DpopError, verifyDpopProof } from './dpop';
import { GRANT_CLAIM } from './grant-liveness';
import type { TokenRequest } from './principal';
import type { ReplayStore } from './replay-store';
import { verifiedTokenCache } from './verified-tokens';

export interface VerifiedToken {
  subject: string;
  claims: JWTPayload;
  authenticationMethod: string | null;
  /** Seconds since the epoch (`exp`): a live stream ends there and reconnects with a fresh token. */
  expiresAt?: number;
  /** The embedded IdP's grant (`grant_id`) and the DPoP key binding (`cnf.jkt`): an account switch reads them. */
  grantId?: string;
  jkt?: string;
}

export type TokenVerifier = (request: TokenRequest) => Promise<VerifiedToken>;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The embedded IdP's public keys, or the jwks_uri of an external issuer. */
  jwks: JSONWebKeySet | URL;
  /** Refuse plain bearer tokens: every token must be DPoP-bound. */
  requireDpop: boolean;
  /** DPoP proofs seen, shared by every instance (`databaseReplayStore`). */
  replayStore: ReplayStore;
  /**
   * Embedded IdP: whether the grant a token names still lives, so logout and refresh-family revocation
   * end API access at once. An external issuer's tokens are trusted until their expiry.
   */
  grantIsLive?: (grantId: string) => Promise<boolean>;
  clockToleranceSec?: number;
}

const TOKEN_ALGORITHMS = ['ES256', 'ES384', 'RS256', 'PS256', 'EdDSA', 'Ed25519'];

type Scheme = 'Bearer' | 'DPoP';

function challenge(
  requireDpop: boolean,
  error?: { code: string; description: string; scheme?: Scheme },
): string {
  const params = (scheme: Scheme): string => {
    const parts = scheme === 'DPoP' ? [`algs="${DPOP_ALGORITHMS.join(' ')}"`] : ['realm="api"'];
    if (error && (error.scheme ?? scheme) === scheme) {
      parts.push(`error="${error.code}"`, `error_description="${error.description}"`);
    }
    return `${scheme} ${parts.join(', ')}`;
  };
  return requireDpop ? params('DPoP') : `${params('Bearer')}, ${params('DPoP')}`;
}

/** The `amr` values joined with a space, else `acr`, else null. */
function authenticationMethodOf(claims: JWTPayload): string | null {
  const { amr, acr } = claims;
  if (Array.isArray(amr) && amr.length > 0) return amr.map(String).join(' ');
  if (typeof amr === 'string' && amr) return amr;
  return typeof acr === 'string' && acr ? acr : null;
}

function parseAuthorization(header: string | null): { scheme: Scheme; token: string } | null {
  const match = header?.match(/^(Bearer|DPoP)\s+([A-Za-z0-9\-._~+/]+=*)$/i);
  if (!match?.[1] || !match[2]) return null;
  return { scheme: match[1].toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer', token: match[2] };
}

/** Reads `jwks_uri` from the issuer's OpenID discovery document. */
export async function discoverJwksUri(issuer: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status} ${url}`);
  const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof metadata.jwks_uri !== 'string') throw new Error(`OpenID discovery without jwks_uri: ${url}`);
  return metadata.jwks_uri;
}

/** Verifies the API's access tokens (RFC 9068-style JWTs), bearer or DPoP-bound (RFC 9449). */
export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  const keys: JWTVerifyGetKey =
    opts.jwks instanceof URL ? createRemoteJWKSet(opts.jwks) : createLocalJWKSet(opts.jwks);
  const clockTolerance = opts.clockToleranceSec ?? 5;

  const refuse = (code: string, description: string, scheme?: Scheme): HttpError =>
    new HttpError(401, 'UNAUTHENTICATED', undefined, {
      'WWW-Authenticate': challenge(opts.requireDpop, { code, description, scheme }),
    });

  const verifiedTokens = verifiedTokenCache();

  return async (request) => {
    const authorization = parseAuthorization(request.headers.get('authorization'));
    if (!authorization) {
      throw new HttpError(401, 'UNAUTHENTICATED', undefined, {
        'WWW-Authenticate': challenge(opts.requireDpop),
      });
    }
    const { scheme, token } = authorization;

    let claims: JWTPayload;
    try {
      const known = verifiedTokens.get(token);
      if (known) claims = known;
      else {
        ({ payload: claims } = await jwtVerify(token, keys, {
          issuer: opts.issuer,
          audience: opts.audience,
          algorithms: TOKEN_ALGORITHMS,
          clockTolerance,
          requiredClaims: ['sub', 'exp'],
        }));
        // Only when verified: a hit does not extend the entry's life.
        verifiedTokens.set(token, claims);
      }
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new HttpError(401, 'SESSION_EXPIRED', undefined, {
          'WWW-Authenticate': challenge(opts.requireDpop, {
            code: 'invalid_token',
            description: 'token expired',
            scheme,
          }),
        });
      }
      throw refuse('invalid_token', 'token invalid', scheme);
    }

    const grantId = claims[GRANT_CLAIM];
    const checksGrant = opts.grantIsLive !== undefined;
    const jkt = (claims.cnf as { jkt?: unknown } | undefined)?.jkt;
    const proof = scheme === 'DPoP' ? request.headers.get('dpop') : null;
    // With a DPoP proof the replay store reads the grant in the statement that remembers the proof, when
    // it can: one round trip. Otherwise the grant's read runs while the proof is checked.
    const grantWithProof =
      checksGrant &&
      proof !== null &&
      opts.replayStore.rememberWithGrant !== undefined &&
      typeof grantId === 'string';
    let grantLive =
      checksGrant && !grantWithProof && typeof grantId === 'string' && opts.grantIsLive
        ? opts.grantIsLive(grantId)
        : Promise.resolve(false);
    // A refusal below must not leave the read's failure unhandled; it is awaited again at the end.
    grantLive.catch(() => undefined);

    if (scheme === 'Bearer') {
      // A DPoP-bound token sent as a bearer token is a stolen or downgraded token.
      if (jkt !== undefined) throw refuse('invalid_token', 'token is DPoP-bound', 'DPoP');
      if (opts.requireDpop) throw refuse('invalid_token', 'DPoP-bound token required', 'DPoP');
    } else {
      if (!proof || proof.includes(','))
        throw refuse('invalid_dpop_proof', 'one DPoP proof required', 'DPoP');
      if (typeof jkt !== 'string') throw refuse('invalid_token', 'token is not DPoP-bound', 'DPoP');
      try {
        const verified = await verifyDpopProof(
          proof,
          request,
          token,
          opts.replayStore,
          grantWithProof ? grantId : undefined,
        );
        if (verified.thumbprint !== jkt) throw new DpopError('key does not match the token binding');
        if (grantWithProof) grantLive = Promise.resolve(verified.grantLive === true);
      } catch (error) {
        if (error instanceof DpopError) throw refuse('invalid_dpop_proof', error.message, 'DPoP');
        throw error;
      }
    }

    const subject = claims.sub;
    if (typeof subject !== 'string' || !subject)
      throw refuse('invalid_token', 'token without subject', scheme);
    if (checksGrant && !(await grantLive)) throw refuse('invalid_token', 'session ended', scheme);
    return {
      subject,
      claims,
      authenticationMethod: authenticationMethodOf(claims),
      ...(typeof claims.exp === 'number' ? { expiresAt: claims.exp } : {}),
      ...(typeof grantId === 'string' ? { grantId } : {}),
      ...(typeof jkt === 'string' ? { jkt } : {}),
    };
  };
}
