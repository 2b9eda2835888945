/**
 * Logout (spec sections 4 and 8), the sign-out work apart from the HTTP client: the server call that ends
 * a launched session, tell an opener application, forget this push device, clear every local trace (the
 * caches), then end the identity provider's session (`end_session_endpoint` with `id_token_hint`).
 * The session-expired flow (src/auth/session.ts) reaches it through `setSignOut`, given at start.
 */
import type { UserManager, UserManagerSettings } from 'oidc-client-ts';
import { isExternalLaunch, launchOpenerOrigin, notifyOpenerOfLogout } from '../auth/cdc-opener';
import { hasUserManager, loadUserManager } from '../auth/user-manager';
import { clearBrowserData } from './clear-browser-data';

let loggingOut: Promise<void> | null = null;

export function isLoggingOut(): boolean {
  return loggingOut !== null;
}

/** `keepDrafts`: the session expired, so wizard drafts stay for the next login of the same user. */
export function logout(options: { keepDrafts?: boolean } = {}): Promise<void> {
  loggingOut ??= runLogout(options).finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

async function runLogout(options: { keepDrafts?: boolean }): Promise<void> {
  const launchedExternally = isExternalLaunch();
  const openerOrigin = launchOpenerOrigin();
  // Offline with the library not cached: no end-session redirect, the local traces still go.
  const manager = hasUserManager() ? await loadUserManager().catch(() => null) : null;
  const user = manager ? await manager.getUser().catch(() => null) : null;
  // A launched login has no login session at the identity provider to end: the server ends its grant.
  const launchedRedirect =
    launchedExternally && user
      ? await import('./cdc-logout')
          .then((launch) => launch.endLaunchedSession(user.access_token))
          .catch(() => null)
      : null;
  const signout = manager && !launchedExternally ? await signoutManager(manager).catch(() => null) : null;
  manager?.stopSilentRenew();

  notifyOpenerOfLogout(launchedExternally, openerOrigin);
  // While the token still works: the server forgets this device, so nobody else's pushes reach it.
  if (!options.keepDrafts)
    await import('../pwa/push-device').then((push) => push.turnPushOff()).catch(() => undefined);
  await clearBrowserData(options);

  if (!signout) {
    window.location.assign(launchedRedirect ?? '/');
    return;
  }
  try {
    await signout.signoutRedirect({ id_token_hint: user?.id_token });
  } catch {
    window.location.assign('/');
  }
}

/**
 * A second manager for the end-session redirect, with the discovery document already fetched and
 * nothing persisted: the main manager would reopen the DPoP database that logout has just deleted
 * (its `removeUser`) and wait on it forever.
 */
async function signoutManager(manager: UserManager): Promise<UserManager> {
  const { InMemoryWebStorage, UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const metadata = await manager.metadataService.getMetadata();
  const memory = new WebStorageStateStore({ store: new InMemoryWebStorage() });
  const settings: UserManagerSettings = {
    authority: manager.settings.authority,
    client_id: manager.settings.client_id,
    redirect_uri: manager.settings.redirect_uri,
    post_logout_redirect_uri: manager.settings.post_logout_redirect_uri,
    metadata,
    userStore: memory,
    stateStore: memory,
    automaticSilentRenew: false,
  };
  return new UserManager(settings);
}
