import type { LaunchSessions } from './auth/cdc-sessions';
import type { AccountSwitcher, Principal, VerifyToken } from './auth/principal';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { UserRow } from './db/schema';
import type { Logger } from './logger';
import type { LiveHub } from './services/live/hub';
import type { CeremonyEffects } from './services/signing/ceremony';
import type { SmsSender } from './services/sms/outbox';

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
    /** What a completed signature does, by kind: composed in app.ts (server/ceremony-effects.ts). */
    ceremonyEffects: CeremonyEffects;
    requestId: string;
    logger: Logger;
    principal: Principal;
    /** The caller behind the principal, read on first use (see middleware/caller.ts). */
    user: () => Promise<UserRow>;
  };
}
