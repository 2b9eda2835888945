/**
 * The login's configuration, and the oidc-client-ts `UserManager` loaded on demand: the portal's first
 * screen reads the stored login and signs its DPoP proofs without the library (./stored-user.ts,
 * ./dpop-proof.ts); the library arrives for a login, a renewal, the expiry timers and the logout. Tokens live in
 * local storage (spec section 3). Renewal is driven by `session.ts`, not by the library's own timer, so that one
 * refresh at a time uses the rotating refresh token (see `renewSession`).
 */
import type { UserManager } from 'oidc-client-ts';
import type { RuntimeConfig } from '../contract/runtime-config';

let config: RuntimeConfig | null = null;
let manager: Promise<UserManager> | null = null;

export function initUserManager(next: RuntimeConfig): void {
  config = next;
  manager = null;
}

function theConfig(): RuntimeConfig {
  if (!config) throw new Error('The user manager is not initialised yet');
  return config;
}

/** The library's manager, loaded (and built) once; a failed download is tried again on the next call. */
export function loadUserManager(): Promise<UserManager> {
  const settings = theConfig();
  manager ??= import('./oidc-manager')
    .then((module) => module.createUserManager(settings))
    .catch((error: unknown) => {
      manager = null;
      throw error;
    });
  return manager;
}

/** Starts downloading the library (a first visit that is about to leave for the login page). */
export function preloadUserManager(): void {
  import('./oidc-manager').catch(() => undefined);
}

export function hasUserManager(): boolean {
  return config !== null;
}

export function isDpopEnabled(): boolean {
  return config?.oidc.dpop ?? false;
}

export function oidcClientId(): string {
  return theConfig().oidc.clientId;
}

/** Where oidc-client-ts keeps the login: its `WebStorageStateStore` prefix `oidc.`, then `user:authority:client`. */
export function storedUserKey(): string {
  const { authority, clientId } = theConfig().oidc;
  return `oidc.user:${authority}:${clientId}`;
}
