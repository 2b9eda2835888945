import { UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshApp, signIn } from '../test/helpers';
import { isEntryAddress, startLoginEarly } from './early-login';

const at = (href: string): Location => new URL(href, 'http://localhost') as unknown as Location;

beforeEach(() => {
  freshApp();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login before the portal loads', () => {
  it('takes only the entry addresses, not deep links nor the identity provider answer', () => {
    expect(isEntryAddress(at('/'))).toBe(true);
    expect(isEntryAddress(at('/postAuth'))).toBe(true);
    expect(isEntryAddress(at('/postAuth?code=c&state=s'))).toBe(false);
    expect(isEntryAddress(at('/dossier'))).toBe(false);
    expect(isEntryAddress(at('/login'))).toBe(false);
  });

  it('starts the sign-in redirect at an entry address without a stored login, in the chosen language', async () => {
    localStorage.setItem('language', '"en"');
    freshApp();
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    await startLoginEarly(at('/'));
    expect(redirect).toHaveBeenCalledWith({ state: {}, ui_locales: 'en' });
  });

  it('leaves a stored login and a deep link to the portal', async () => {
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    await startLoginEarly(at('/dossier'));
    await signIn(60);
    await startLoginEarly(at('/'));
    expect(redirect).not.toHaveBeenCalled();
  });

  it('lets the portal start when the identity provider cannot be reached', async () => {
    vi.spyOn(UserManager.prototype, 'signinRedirect').mockRejectedValue(new Error('offline'));
    await expect(startLoginEarly(at('/'))).resolves.toBeUndefined();
  });
});
