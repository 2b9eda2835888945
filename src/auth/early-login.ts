/**
 * The first visit without a session: from the bootstrap, before the portal's code is downloaded, the
 * sign-in redirect (authorization code + PKCE) starts at once, so the identity provider's login page is the first
 * thing loaded after the small bootstrap. The portal itself would end at the same redirect, after loading React,
 * Ionic and its screens, through `/` → `/postAuth` → `/login`.
 * Only the entry addresses take this path; a deep link (which must come back to its screen after the login) and a
 * sign-in callback go through the portal as before.
 */
import { currentLocale } from '../i18n/locale';
import type { SigninState } from './session';
import { readStoredUser } from './stored-user';
import { loadUserManager } from './user-manager';

/** `/` and a bare `/postAuth` (not the identity provider's answer, which carries code or error and state). */
export function isEntryAddress(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/' || (location.pathname === '/postAuth' && location.search === '');
}

/**
 * Starts the login when this is an entry address and no login is stored (not even an expired one, which the
 * portal would renew). While the browser leaves for the identity provider this never settles; it resolves when
 * the portal must start: not an entry address, a stored login, the identity provider unreachable (the portal's
 * login screen says so), or the page shown again from the back-forward cache.
 */
export async function startLoginEarly(location: Location = window.location): Promise<void> {
  if (!isEntryAddress(location)) return;
  if (readStoredUser()) return;
  const state: SigninState = {};
  await loadUserManager()
    .then((manager) => manager.signinRedirect({ state, ui_locales: currentLocale() }))
    .catch(() => undefined);
}
