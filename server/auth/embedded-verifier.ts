import type { JSONWebKeySet } from 'jose';
import type { Database } from '../db/client';
import { appGrantReader, routeTokens } from './app-token';
import { grantLiveness } from './grant-liveness';
import type { VerifyToken } from './principal';
import type { ReplayStore } from './replay-store';
import { createTokenVerifier } from './token-verifier';

export interface EmbeddedVerifierOptions {
  db: Database;
  issuer: string;
  jwks: JSONWebKeySet;
  apiAudience: string;
  fhirAudience: string;
  fhirBase: string;
  /** The portal's tokens must be DPoP-bound (OIDC_DPOP); apps' never need be. */
  requireDpop: boolean;
  replayStore: ReplayStore;
}

/**
 * The token check with the embedded identity provider: the portal's tokens as before (grant liveness on
 * each call), and the registered apps' tokens on /fhir (their grant and app read on each call).
 */
export function embeddedTokenCheck(opts: EmbeddedVerifierOptions): VerifyToken {
  const common = { issuer: opts.issuer, jwks: opts.jwks, replayStore: opts.replayStore };
  return routeTokens({
    portal: createTokenVerifier({
      ...common,
      audience: opts.apiAudience,
      requireDpop: opts.requireDpop,
      grantIsLive: grantLiveness(opts.db),
    }),
    // The app's grant is read (live, its app enabled) by readAppGrant, with the patient it names.
    app: createTokenVerifier({ ...common, audience: opts.fhirAudience, requireDpop: false }),
    readAppGrant: appGrantReader(opts.db),
    fhirAudience: opts.fhirAudience,
    fhirBase: opts.fhirBase,
  });
}
