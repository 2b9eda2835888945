import type { LaunchTokens } from '../../src/contract';

/**
 * Logins made for a context-sharing launch, by the provider's own machinery: instead of the login pages,
 * the server (which has just checked the launch) writes the grant and a one-time authorization code, then
 * redeems the code at the token endpoint with the browser's DPoP proof. So the portal gets exactly what a
 * login gives (JWT access token bound to its DPoP key, rotating refresh token, ID token) and refreshes it
 * the usual way; nothing is issued outside the provider. The embedded IdP implements it
 * (idp/cdc-session.ts); the API only holds it (app-env.ts), so it is named here, apart from both.
 */
export interface LaunchSessions {
  /** Tokens for `subject`; the proof (for POST to the token endpoint) binds them. Null: refused. */
  issue(subject: string, dpopProof: string | undefined): Promise<LaunchTokens | null>;
  /** Ends a launched login: its grant goes, so refresh stops and the API refuses its access tokens at once. */
  end(grantId: string): Promise<void>;
  /** Where the browser's DPoP proof for `issue` must point. */
  tokenEndpoint: string;
}
