import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUserManager } from '../auth/user-manager';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { switchAccount } from './account-switch';

const REPLY = {
  access_token: 'access-of-the-patient',
  refresh_token: 'refresh-of-the-patient',
  token_type: 'Bearer',
  expires_in: 300,
  scope: 'profile email offline_access',
};

let assign: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  freshApp();
  await signIn();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
  vi.stubGlobal('caches', {
    keys: async () => ['dossier-4', 'dossier-9', 'workbox-precache'],
    delete: vi.fn(async () => true),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('switchAccount', () => {
  it('stores the new tokens, keeps the login ID token, clears the previous account and reloads /postAuth', async () => {
    const { requests } = fakeServer({ 'POST /api/account/switch': () => json(REPLY) });
    localStorage.setItem('currentUser', '{"id":4}');
    localStorage.setItem('currentConsent', '{}');
    localStorage.setItem('language', '"it"');
    localStorage.setItem('draft:message:4', '{}');
    sessionStorage.setItem('returnPath', '"/dossier"');

    await switchAccount('u12', { leavingGuest: false });

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/account/switch',
    ]);
    const stored = await (await loadUserManager()).getUser();
    expect(stored).toMatchObject({
      access_token: 'access-of-the-patient',
      refresh_token: 'refresh-of-the-patient',
      id_token: 'id-token-1',
      scope: 'profile email offline_access',
    });
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('currentConsent')).toBeNull();
    expect(localStorage.getItem('language')).toBe('"it"');
    expect(localStorage.getItem('draft:message:4')).toBe('{}');
    expect(sessionStorage.length).toBe(0);
    const deleted = (caches.delete as ReturnType<typeof vi.fn>).mock.calls.map(([name]) => name);
    expect(deleted.sort()).toEqual(['dossier-4', 'dossier-9']);
    expect(assign).toHaveBeenCalledWith('/postAuth');
  });

  it("drops a guest's drafts, which belong to the patient left", async () => {
    fakeServer({ 'POST /api/account/switch': () => json(REPLY) });
    localStorage.setItem('draft:message:7', '{}');
    await switchAccount('g3', { leavingGuest: true });
    expect(localStorage.getItem('draft:message:7')).toBeNull();
  });

  it('keeps everything as it was when the server refuses', async () => {
    fakeServer({
      'POST /api/account/switch': () =>
        json({ status: 404, code: 'NOT_FOUND', message: 'Risorsa non trovata' }, 404),
    });
    localStorage.setItem('currentUser', '{"id":4}');
    await expect(switchAccount('u99', { leavingGuest: false })).rejects.toThrow();
    expect((await (await loadUserManager()).getUser())?.access_token).toBe('access-token-1');
    expect(localStorage.getItem('currentUser')).toBe('{"id":4}');
    expect(assign).not.toHaveBeenCalled();
  });
});
