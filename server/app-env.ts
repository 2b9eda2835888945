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
}

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
