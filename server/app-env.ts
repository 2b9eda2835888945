import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { users } from './db/schema';
import type { Logger } from './logger';
import type { SmsSender } from './services/sms/outbox';

/** What the API knows of a verified access token. */
export interface Principal {
  subject: string;
  authenticationMethod: string | null;
}

/** Verifies the access token of a request (bearer or DPoP-bound); throws HttpError 401. */
export type VerifyToken = (request: Request) => Promise<Principal>;

export type UserRow = typeof users.$inferSelect;

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  logger: Logger;
  verifyToken: VerifyToken;
  /** True while SIGTERM drains requests: /readyz answers 503. */
  isDraining?: () => boolean;
  ping?: () => Promise<void>;
  /** Delivers SMS (one-time codes, new PINs); the embedded default only records them in the outbox. */
  smsSender?: SmsSender;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    logger: Logger;
    principal: Principal;
  };
}
