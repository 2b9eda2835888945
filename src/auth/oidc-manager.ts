/**
 * The oidc-client-ts side of the login, in its own chunk: loaded by `loadUserManager` (./user-manager.ts) when a
 * login, a renewal, the expiry timers or the logout need the library.
 */
import type { UserManagerSettings } from 'oidc-client-ts';
import { IndexedDbDPoPStore, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { RuntimeConfig } from '../contract/runtime-config';
import { RENEW_BEFORE_EXPIRY_S } from './token-lifetime';

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

export function createUserManager(config: RuntimeConfig): UserManager {
  return new UserManager(userManagerSettings(config));
}
