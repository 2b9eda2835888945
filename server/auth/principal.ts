/**
 * What the API and the identity provider agree on about a verified token and an account switch: the types
 * the token check (this folder), the embedded IdP and the account services share, apart from the HTTP
 * environment (app-env.ts) so none of them imports the application to name them.
 */
/** What the API knows of a verified access token. */
export interface Principal {
  subject: string;
  authenticationMethod: string | null;
  /** The token's `exp`, seconds since the epoch. */
  expiresAt?: number;
  /** The embedded IdP's grant behind the token (an account switch replaces it). */
  grantId?: string;
  /** The DPoP key the token is bound to (its `cnf.jkt`); the switched tokens keep it. */
  jkt?: string;
  /** Set when the token is a third-party app's (SMART App Launch): what the patient allowed it. */
  app?: AppAuthorization;
}

/**
 * A SMART app's token as the FHIR endpoint sees it: which app (named in the treatment history), the
 * patient it was launched for, and the SMART v2 scopes granted (`patient/Observation.rs`, `patient/*.rs`).
 * The portal's own tokens carry none and read as the portal does.
 */
export interface AppAuthorization {
  clientId: string;
  name: string;
  /** The FHIR Patient id the app reads (the portal's patient id); every read is held to it. */
  patientId: number;
  scopes: readonly string[];
}

/** Tokens of an account switch, as the token endpoint would answer them. */
export interface SwitchedTokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/**
 * Mints tokens for another account of the same login session, bound to the same DPoP key, and revokes
 * the ones of `from`. Null when the session has nothing to replace (no refresh token left, or another
 * switch moved it first).
 */
export type AccountSwitcher = (
  from: { subject: string; grantId: string; jkt: string | null },
  toSubject: string,
) => Promise<SwitchedTokens | null>;

/** Verifies the access token of a request (bearer or DPoP-bound); throws HttpError 401. */
/** What the token check reads of a request: a full Request fits, and so does a plain object. */
export type TokenRequest = Pick<Request, 'method' | 'url'> & { headers: Pick<Headers, 'get'> };
export type VerifyToken = (request: TokenRequest) => Promise<Principal>;
