import { i18n } from '@lingui/core';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loggedInAtom } from '../auth/session';
import { loadUserManager } from '../auth/user-manager';
import { CurrentUser } from '../contract/user';
import { changeLocale } from '../i18n/i18n';
import { fetchProfile } from '../session/session-api';
import type { AppStore } from '../state/store';
import { PHYSICIAN_VERDI, TEST_CONFIG } from '../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { toastQueueAtom } from '../ui/toasts';
import { errorReplyOf } from './error-report';
import { getJson } from './request';

vi.mock('../session/sign-out', () => ({ logout: vi.fn(async () => undefined), isLoggingOut: () => false }));

let store: AppStore;

function toastTexts(): string[] {
  return store.get(toastQueueAtom).map((toast) => `${toast.kind}: ${i18n._(toast.message)}`);
}

beforeEach(async () => {
  store = freshApp();
  await changeLocale('it');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client', () => {
  it('sends the bearer token and the language, and validates the reply', async () => {
    await signIn();
    const server = fakeServer({ 'GET /api/me': () => json(PHYSICIAN_VERDI) });
    const user = await getJson('me', CurrentUser);
    expect(user.displayName).toBe('Giulia Verdi');
    const sent = server.requests[0];
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-token-1');
    expect(sent?.headers.get('Accept-Language')).toBe('it-IT');
    expect(toastTexts()).toEqual([]);
  });

  it('with DPoP, sends the token as DPoP with a proof bound to the method and the URL without query', async () => {
    store = freshApp({ ...TEST_CONFIG, oidc: { ...TEST_CONFIG.oidc, dpop: true } });
    const dpop = (await loadUserManager()).settings.dpop;
    if (!dpop) throw new Error('DPoP settings expected');
    await (await loadUserManager()).generateDPoPJkt(dpop); // the key pair the token exchange would create
    await signIn(300, { token_type: 'DPoP' });
    const server = fakeServer({ 'GET /api/patients': () => json({ patients: [], paging: {} }) });
    await getJson('patients', v.unknown(), { searchParams: { max: 1 } });
    const headers = server.requests[0]?.headers;
    expect(headers?.get('Authorization')).toBe('DPoP access-token-1');
    const proof = headers?.get('DPoP') ?? '';
    const payload = JSON.parse(atob(proof.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''));
    expect(payload).toMatchObject({ htm: 'GET', htu: `${window.location.origin}/api/patients` });
    expect(typeof payload.ath).toBe('string');
  });

  it('answers a DPoP nonce challenge with one more try carrying a fresh proof with that nonce', async () => {
    store = freshApp({ ...TEST_CONFIG, oidc: { ...TEST_CONFIG.oidc, dpop: true } });
    const dpop = (await loadUserManager()).settings.dpop;
    if (!dpop) throw new Error('DPoP settings expected');
    await (await loadUserManager()).generateDPoPJkt(dpop);
    await signIn(300, { token_type: 'DPoP' });
    let calls = 0;
    const server = fakeServer({
      'GET /api/me': () => {
        calls += 1;
        if (calls > 1) return json(PHYSICIAN_VERDI);
        const reply = json({ status: 401, code: 'UNAUTHENTICATED', message: 'x' }, 401);
        reply.headers.set('WWW-Authenticate', 'DPoP error="use_dpop_nonce"');
        reply.headers.set('DPoP-Nonce', 'nonce-1');
        return reply;
      },
    });
    const user = await getJson('me', CurrentUser);
    expect(user.displayName).toBe('Giulia Verdi');
    const proofs = server.requests.map((request) => {
      const proof = request.headers.get('DPoP') ?? '';
      return JSON.parse(atob(proof.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''));
    });
    expect(proofs).toHaveLength(2);
    expect(proofs[0].nonce).toBeUndefined();
    expect(proofs[1].nonce).toBe('nonce-1');
    expect(proofs[1].jti).not.toBe(proofs[0].jti);
    expect(toastTexts()).toEqual([]);
  });

  it('asks in en-EN once English is chosen', async () => {
    const server = fakeServer({ 'GET /api/me': () => json(PHYSICIAN_VERDI) });
    await changeLocale('en');
    await getJson('me', CurrentUser);
    expect(server.requests[0]?.headers.get('Accept-Language')).toBe('en-EN');
  });

  it.each([
    ['ACCESS_DENIED', 403, 'Accesso negato'],
    ['DOSSIER_NOT_AUTHORIZED', 403, 'Non sei autorizzato ad accedere al dossier'],
    ['FUNCTION_NOT_AVAILABLE', 501, 'Funzione non disponibile'],
  ])('turns an ErrorReply %s into an error toast by its code', async (code, status, text) => {
    fakeServer({ 'GET /api/patients/7': () => json({ status, code, message: 'testo del server' }, status) });
    const failure = await getJson('patients/7', v.unknown()).catch((error: unknown) => error);
    expect(errorReplyOf(failure)?.code).toBe(code);
    expect(toastTexts()).toEqual([`error: ${text}`]);
  });

  it('shows the errorId of an internal error and translates the toast with the language', async () => {
    fakeServer({
      'GET /api/utilities': () => json({ status: 500, code: 'INTERNAL', message: 'x', errorId: 'E-42' }, 500),
    });
    await getJson('utilities', v.unknown()).catch(() => undefined);
    expect(toastTexts()[0]).toContain("contatta l'help desk indicando il codice E-42");
    await changeLocale('en');
    expect(toastTexts()[0]).toContain('contact the help desk quoting the code E-42');
  });

  it('leaves to the caller the statuses it handles itself', async () => {
    fakeServer({ 'GET /api/me': () => json({ status: 403, code: 'ACCESS_DENIED', message: 'x' }, 403) });
    await getJson('me', v.unknown(), { context: { quiet: [403] } }).catch(() => undefined);
    expect(toastTexts()).toEqual([]);
  });

  it('reads a profile refusal from the 403 reply instead of failing', async () => {
    const denied = { status: 403, code: 1, message: 'x', patient: null, authentication_method: 'SPID' };
    fakeServer({ 'GET /api/me': () => json(denied, 403) });
    await expect(fetchProfile()).resolves.toEqual({ kind: 'denied', denied });
    expect(toastTexts()).toEqual([]);
  });

  it('starts the session-expired flow on a 401 instead of an error toast', async () => {
    await signIn();
    store.set(loggedInAtom, true);
    fakeServer({ 'GET /api/me': () => json({ status: 401, code: 'UNAUTHENTICATED', message: 'x' }, 401) });
    await getJson('me', v.unknown()).catch(() => undefined);
    expect(toastTexts()).toEqual(['warning: Sessione di lavoro scaduta']);
  });

  it('reports a server that cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await getJson('me', v.unknown()).catch(() => undefined);
    expect(toastTexts()).toEqual([
      'error: Impossibile contattare il server. Controlla la connessione e riprova.',
    ]);
  });

  it('adds no toast for a failed call while offline: the offline card says it already', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await getJson('me', v.unknown()).catch(() => undefined);
    onLine.mockRestore();
    expect(toastTexts()).toEqual([]);
  });

  it('reports a reply that breaks the contract', async () => {
    fakeServer({ 'GET /api/me': () => json({ id: 'not a number' }) });
    await expect(getJson('me', CurrentUser)).rejects.toThrow();
    expect(toastTexts()[0]).toContain('Risposta del server non valida');
  });
});
