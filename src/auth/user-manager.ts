/**
 * The oidc-client-ts `UserManager`, built from the runtime configuration. Tokens live in local
 * storage (spec section 3). Renewal is driven by `session.ts`, not by the library's own timer, so
 * that one refresh at a time uses the rotating refresh token (see `renewSession`).
 */
import type { UserManagerSettings } from 'oidc-client-ts';
import { IndexedDbDPoPStore, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { RuntimeConfig } from '../contract/runtime-config';

/** Minimum validity of the access token when a call leaves (spec section 9). */
export const MIN_TOKEN_VALIDITY_S = 5;
/** The renewal starts this long before the access token expires (tokens live 5 minutes). */
export const RENEW_BEFORE_EXPIRY_S = 30;

export function userManagerSettings(
  config: RuntimeConfig,
  origin: string = window.location.origin,
): UserManagerSettings {
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    scope: config.oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}/postAuth`,
    silent_redirect_uri: `${origin}/silent-check.html`,
    post_logout_redirect_uri: `${origin}/`,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: RENEW_BEFORE_EXPIRY_S,
    loadUserInfo: false,
    monitorSession: false,
    dpop: config.oidc.dpop ? { store: new IndexedDbDPoPStore() } : undefined,
  };
}

let manager: UserManager | null = null;
let dpopEnabled = false;

export function initUserManager(config: RuntimeConfig): UserManager {
  manager = new UserManager(userManagerSettings(config));
  dpopEnabled = config.oidc.dpop;
  return manager;
}

export function userManager(): UserManager {
  if (!manager) throw new Error('The user manager is not initialised yet');
  return manager;
}

export function hasUserManager(): boolean {
  return manager !== null;
}

export function isDpopEnabled(): boolean {
  return dpopEnabled;
}
