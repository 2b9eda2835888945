import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { users } from './db/schema';
import type { LaunchSessions } from './idp/launch-session';
import type { Logger } from './logger';
import type { LiveHub } from './services/live/hub';
import type { SmsSender } from './services/sms/outbox';

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

export type UserRow = typeof users.$inferSelect;

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  logger: Logger;
  verifyToken: VerifyToken;
  /** This process's live streams, fed by NOTIFY from every process. */
  live: LiveHub;
  /** True while SIGTERM drains requests: /readyz answers 503. */
  isDraining?: () => boolean;
  ping?: () => Promise<void>;
  /** The embedded IdP's account switch; absent with an external issuer (the switch is then 501). */
  switchAccount?: AccountSwitcher;
  /** Delivers SMS (one-time codes, new PINs); the embedded default only records them in the outbox. */
  smsSender?: SmsSender;
  /** Context-sharing logins from the embedded IdP; absent with an external issuer (launches then refused). */
  launchSessions?: LaunchSessions;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    logger: Logger;
    principal: Principal;
  };
}
