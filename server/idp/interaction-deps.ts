import type Provider from 'oidc-provider';
import type { LoginRateLimit } from '../auth/rate-limit';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { SmsSender } from '../services/sms/outbox';

/**
 * What every login step is handed. Its own file, so the steps (code, TOTP, passkey, forgotten
 * password) and the router that calls them do not import each other.
 */
export interface InteractionDeps {
  provider: Provider;
  db: Database;
  config: ServerConfig;
  logger: Logger;
  limiter: LoginRateLimit;
  /** Path the IdP is mounted at, e.g. `/idp`. */
  basePath: string;
  /** Delivers the strong-login codes. */
  smsSender: SmsSender;
  /** Tests move time forward (code expiry, trusted devices); production reads the system clock. */
  clock?: () => Date;
  /** Set in demo mode only, by whoever seeded the demo accounts: the login page lists them. */
  demoLogin?: DemoLogin;
}

/** What the login page shows in demo mode; the seed owns it, `server/main.ts` hands it over. */
export interface DemoLogin {
  usernames: readonly string[];
  password: string;
  totpSecret: string;
}
