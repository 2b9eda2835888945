import { MetadataService, UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markExternalLaunch } from '../auth/cdc-opener';
import { freshApp, signIn } from '../test/helpers';
import { endLaunchedSession } from './cdc-logout';
import { logout } from './sign-out';

vi.mock('./cdc-logout', () => ({ endLaunchedSession: vi.fn(async () => 'http://launcher.example/') }));

function openDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('things');
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

function fakeCacheStorage(names: string[]): CacheStorage {
  const stored = new Set(names);
  return {
    keys: async () => [...stored],
    delete: async (name: string) => stored.delete(name),
    has: async (name: string) => stored.has(name),
    open: async () => {
      throw new Error('not used');
    },
    match: async () => undefined,
  } as CacheStorage;
}

let signout: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  freshApp();
  await signIn();
  vi.spyOn(MetadataService.prototype, 'getMetadata').mockResolvedValue({
    issuer: 'http://localhost:3000/idp',
    end_session_endpoint: 'http://localhost:3000/idp/session/end',
  });
  signout = vi.spyOn(UserManager.prototype, 'signoutRedirect').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('clears local storage, Cache Storage and IndexedDB, then ends the identity provider session', async () => {
    localStorage.setItem('currentUser', '{"id":1}');
    localStorage.setItem('language', '"en"');
    sessionStorage.setItem('returnPath', '"/home"');
    const caches = fakeCacheStorage(['runtime-config', 'api-user-1', 'workbox-precache-v2']);
    vi.stubGlobal('caches', caches);
    await openDatabase('keyval-store');
    await openDatabase('oidc');

    await logout();

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(await caches.keys()).toEqual([]);
    expect(await indexedDB.databases()).toEqual([]);
    expect(signout).toHaveBeenCalledWith({ id_token_hint: 'id-token-1' });
  });

  it('tells the application that opened the portal', async () => {
    markExternalLaunch();
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    await logout();
    expect(postMessage).toHaveBeenCalledWith({ code: 'AUTOMATIC_LOGOUT' }, '*');
    expect(localStorage.length).toBe(0);
  });

  it('ends a launched login at the server instead of the IdP, and tells only the named opener origin', async () => {
    markExternalLaunch('http://launcher.example');
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    await logout();
    expect(endLaunchedSession).toHaveBeenCalledWith(expect.any(String));
    expect(signout).not.toHaveBeenCalled();
    expect(postMessage).toHaveBeenCalledWith({ code: 'AUTOMATIC_LOGOUT' }, 'http://launcher.example');
    expect(localStorage.length).toBe(0);
  });

  it('does not message an opener when the portal was not launched from another application', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    await logout();
    expect(postMessage).not.toHaveBeenCalled();
  });
});
