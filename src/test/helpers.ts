/**
 * Client test helpers: a fresh store and configuration per test, a fake server behind `fetch`
 * (no network), and a signed-in user in the real oidc-client-ts user store.
 */
import { User } from 'oidc-client-ts';
import { vi } from 'vitest';
import { resetApiClient } from '../api/client';
import { setSignOut } from '../auth/session';
import { initUserManager, loadUserManager } from '../auth/user-manager';
import { setRuntimeConfig } from '../config/runtime-config';
import type { RuntimeConfig } from '../contract/runtime-config';
import { isLoggingOut, logout } from '../session/sign-out';
import type { AppStore } from '../state/store';
import { resetAppStore } from '../state/store';
import { TEST_CONFIG } from './fixtures';

export function freshApp(config: RuntimeConfig = TEST_CONFIG): AppStore {
  setRuntimeConfig(config);
  resetApiClient();
  initUserManager(config);
  // As the portal's start does (src/app/start.tsx): an expired session ends with the logout.
  setSignOut({ logout, isLoggingOut });
  return resetAppStore();
}

export interface FakeRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers `fetch` from the routes given ("GET /api/me"); anything else is a 404 ErrorReply. */
export function fakeServer(routes: Record<string, Handler>): { requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const fake: FakeRequest = {
        method: request.method,
        path: url.pathname,
        search: url.searchParams,
        headers: request.headers,
      };
      requests.push(fake);
      const handler = routes[`${request.method} ${url.pathname}`];
      if (handler) return handler(fake);
      return json({ status: 404, code: 'NOT_FOUND', message: 'Risorsa non trovata' }, 404);
    }),
  );
  return { requests };
}

/** Stores a signed-in user whose access token lives `validForSeconds` more. */
export async function signIn(validForSeconds = 300, extra: Partial<User> = {}): Promise<User> {
  const user = new User({
    access_token: 'access-token-1',
    refresh_token: 'refresh-token-1',
    id_token: 'id-token-1',
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: TEST_CONFIG.oidc.authority, aud: 'portal', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + validForSeconds,
    ...extra,
  });
  await (await loadUserManager()).storeUser(user);
  return user;
}
