/**
 * The login session: a silent check at start, renewal with the refresh token, at least 5 s of validity
 * for every call, and the "session expired" flow (warning toast, then logout). The HTTP client only marks
 * the session as expired here; the logout itself is src/session/sign-out.ts, given by `setSignOut`.
 */
import { msg } from '@lingui/core/macro';
import { atom } from 'jotai';
import type { User } from 'oidc-client-ts';
import { currentLocale } from '../i18n/locale';
import { appStore } from '../state/store';
import { showToast } from '../state/toasts';
import { readStoredUser, remainingSeconds, type SessionUser } from './stored-user';
import { MIN_TOKEN_VALIDITY_S, RENEW_BEFORE_EXPIRY_S } from './token-lifetime';
import { hasUserManager, loadUserManager } from './user-manager';

/** True while a valid (or renewable) login exists in this browser. */
export const loggedInAtom = atom(false);
export const SESSION_EXPIRED_LOGOUT_DELAY_MS = 3000;
const RENEWAL_LOCK = 'portal-token-renewal';

/** The portal's logout, as the session needs it (src/session/sign-out.ts, which calls the API). */
export interface SignOut {
  logout: (options: { keepDrafts?: boolean }) => Promise<void>;
  isLoggingOut: () => boolean;
}

/**
 * Until the start gives the real one, an expired session has nothing to sign out of. A setter, not an
 * import: the sign-out calls the API, and the API asks this module for its token.
 */
let signOut: SignOut = { logout: async () => undefined, isLoggingOut: () => false };

export function setSignOut(next: SignOut): void {
  signOut = next;
}

function setLoggedIn(value: boolean): void {
  appStore().set(loggedInAtom, value);
}

/** One navigator-wide lock, so two tabs never spend the same rotating refresh token. */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(RENEWAL_LOCK, task) as Promise<T>) : task();
}

let renewing: Promise<User | null> | null = null;

/** Renews the tokens (refresh token, or the silent-check page without one); null when it fails. */
export function renewSession(): Promise<User | null> {
  renewing ??= exclusive(async () => {
    if (signOut.isLoggingOut()) return null;
    const manager = await loadUserManager();
    const stored = await manager.getUser();
    if (!stored) return null;
    if (remainingSeconds(stored) > RENEW_BEFORE_EXPIRY_S) return stored; // another tab renewed it
    try {
      return await manager.signinSilent();
    } catch {
      return null;
    }
  }).finally(() => {
    renewing = null;
  });
  return renewing;
}

/**
 * The user with at least 5 s of access-token validity, renewed first when needed; null if none. A valid stored
 * login is read without the library, so the first screen's calls do not wait for it.
 */
export async function getFreshUser(): Promise<SessionUser | null> {
  if (!hasUserManager()) return null;
  const user = readStoredUser();
  if (!user) return null;
  if (remainingSeconds(user) > MIN_TOKEN_VALIDITY_S) return user;
  if (!navigator.onLine) return user; // offline: the call fails on its own, the session waits
  const renewed = await renewSession();
  if (!renewed) sessionExpired();
  return renewed;
}

let expiring = false;

/** Warning toast 'Sessione di lavoro scaduta', then logout. Runs once. */
export function sessionExpired(): void {
  if (expiring || signOut.isLoggingOut()) return;
  expiring = true;
  showToast('warning', msg`Sessione di lavoro scaduta`);
  window.setTimeout(() => {
    void signOut.logout({ keepDrafts: true }).finally(() => {
      expiring = false;
    });
  }, SESSION_EXPIRED_LOGOUT_DELAY_MS);
}

async function renewOrExpire(): Promise<void> {
  if (!navigator.onLine) {
    window.addEventListener('online', () => void renewOrExpire(), { once: true });
    return;
  }
  if (!(await renewSession())) sessionExpired();
}

/**
 * Hooks the session to the library's token timers, once the library is loaded (the portal calls this after its
 * first screen); loading the stored user arms the timers. Returns the unsubscribe function.
 */
export function wireSessionEvents(): () => void {
  let off: (() => void)[] = [];
  let stopped = false;
  void loadUserManager()
    .then(async (manager) => {
      if (stopped) return;
      const events = manager.events;
      off = [
        events.addAccessTokenExpiring(() => void renewOrExpire()),
        events.addAccessTokenExpired(() => void renewOrExpire()),
        events.addUserLoaded(() => setLoggedIn(true)),
        events.addUserUnloaded(() => setLoggedIn(false)),
      ];
      await manager.getUser();
    })
    .catch(() => undefined); // offline, library not cached: a call that needs a renewal loads it again
  return () => {
    stopped = true;
    for (const unsubscribe of off) unsubscribe();
  };
}

/**
 * The silent check at start: a stored user whose token expired is renewed with its refresh token;
 * no user means nothing to do (the route guard sends to the login).
 */
export async function startupSilentCheck(): Promise<void> {
  const user = readStoredUser();
  if (!user) return setLoggedIn(false);
  if (remainingSeconds(user) > MIN_TOKEN_VALIDITY_S) return setLoggedIn(true);
  const renewed = await renewSession();
  if (!renewed) await (await loadUserManager()).removeUser();
  setLoggedIn(renewed !== null);
}

export interface SigninState {
  returnPath?: string;
}

/** Starts the login at the identity provider; the path to return to travels in the OIDC state. */
export async function startLogin(returnPath?: string): Promise<void> {
  const state: SigninState = { returnPath };
  await (await loadUserManager()).signinRedirect({ state, ui_locales: currentLocale() });
}

const callbacks = new Map<string, Promise<User>>();

/** `signinRedirectCallback`, memoised per URL: StrictMode runs effects twice. */
export function completeSignin(url: string = window.location.href): Promise<User> {
  let pending = callbacks.get(url);
  if (!pending) {
    pending = loadUserManager().then((manager) => manager.signinRedirectCallback(url));
    callbacks.set(url, pending);
  }
  return pending;
}

export function returnPathOf(user: User): string | undefined {
  const state = user.state as SigninState | undefined;
  return isInternalPath(state?.returnPath) ? state?.returnPath : undefined;
}

/** A path of this portal (not `//other.host`), safe to navigate to after login. */
export function isInternalPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
}
