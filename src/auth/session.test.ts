import { i18n } from '@lingui/core';
import { User, UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../session/sign-out';
import type { AppStore } from '../state/store';
import { freshApp, signIn } from '../test/helpers';
import { toastQueueAtom } from '../ui/toasts';
import { getFreshUser, loggedInAtom, SESSION_EXPIRED_LOGOUT_DELAY_MS, startupSilentCheck } from './session';
import { loadUserManager } from './user-manager';

vi.mock('../session/sign-out', () => ({ logout: vi.fn(async () => undefined), isLoggingOut: () => false }));

function renewedUser(): User {
  return new User({
    access_token: 'access-token-2',
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: 'i', aud: 'portal', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 300,
  });
}

let store: AppStore;

beforeEach(() => {
  store = freshApp();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.mocked(logout).mockClear();
});

describe('the session', () => {
  it('uses a token that is valid for more than 5 s as it is', async () => {
    await signIn(60);
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent');
    expect((await getFreshUser())?.access_token).toBe('access-token-1');
    expect(silent).not.toHaveBeenCalled();
  });

  it('renews a token with less than 5 s left first, once for concurrent calls', async () => {
    await signIn(3);
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(renewedUser());
    const [a, b] = await Promise.all([getFreshUser(), getFreshUser()]);
    expect(a?.access_token).toBe('access-token-2');
    expect(b?.access_token).toBe('access-token-2');
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it('warns that the session expired, then logs out, when the renewal fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await signIn(2);
    vi.spyOn(UserManager.prototype, 'signinSilent').mockRejectedValue(new Error('invalid_grant'));
    expect(await getFreshUser()).toBeNull();
    const toasts = store.get(toastQueueAtom).map((t) => `${t.kind}: ${i18n._(t.message)}`);
    expect(toasts).toEqual(['warning: Sessione di lavoro scaduta']);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_EXPIRED_LOGOUT_DELAY_MS);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('silent check at start: renews an expired stored login with its refresh token', async () => {
    await signIn(-60);
    vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(renewedUser());
    await startupSilentCheck();
    expect(store.get(loggedInAtom)).toBe(true);
  });

  it('silent check at start: forgets a login that cannot be renewed', async () => {
    await signIn(-60);
    vi.spyOn(UserManager.prototype, 'signinSilent').mockRejectedValue(new Error('invalid_grant'));
    await startupSilentCheck();
    expect(store.get(loggedInAtom)).toBe(false);
    expect(await (await loadUserManager()).getUser()).toBeNull();
  });

  it('silent check at start: nothing to do without a stored login', async () => {
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent');
    await startupSilentCheck();
    expect(store.get(loggedInAtom)).toBe(false);
    expect(silent).not.toHaveBeenCalled();
  });
});
