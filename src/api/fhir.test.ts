import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUserManager } from '../auth/user-manager';
import { changeLocale } from '../i18n/i18n';
import type { AppStore } from '../state/store';
import { TEST_CONFIG } from '../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../test/helpers';
import { toastQueueAtom } from '../ui/toasts';
import { errorReplyOf } from './error-report';
import { fhirUrl, getFhirJson } from './fhir';

vi.mock('../session/sign-out', () => ({ logout: vi.fn(async () => undefined), isLoggingOut: () => false }));

let store: AppStore;
const SUMMARY = '/fhir/Patient/1001/$summary';

beforeEach(async () => {
  store = freshApp({ ...TEST_CONFIG, oidc: { ...TEST_CONFIG.oidc, dpop: true } });
  await changeLocale('it');
});

afterEach(() => vi.unstubAllGlobals());

describe('the FHIR endpoint through the API client', () => {
  it('lives beside the API on its origin, whatever the API path', () => {
    expect(fhirUrl('Patient/1/$summary')).toBe(`${window.location.origin}/fhir/Patient/1/$summary`);
    freshApp({ ...TEST_CONFIG, apiBase: 'https://api.example.org/portal/api' });
    expect(fhirUrl('/Patient/1/$summary')).toBe('https://api.example.org/fhir/Patient/1/$summary');
  });

  it('sends the token with a DPoP proof bound to the /fhir URL, the language, and asks for FHIR JSON', async () => {
    const dpop = (await loadUserManager()).settings.dpop;
    if (!dpop) throw new Error('DPoP settings expected');
    await (await loadUserManager()).generateDPoPJkt(dpop);
    await signIn(300, { token_type: 'DPoP' });
    const server = fakeServer({ [`GET ${SUMMARY}`]: () => json({ resourceType: 'Bundle' }) });
    expect(await getFhirJson('Patient/1001/$summary')).toEqual({ resourceType: 'Bundle' });
    const headers = server.requests[0]?.headers;
    expect(headers?.get('Authorization')).toBe('DPoP access-token-1');
    expect(headers?.get('Accept')).toBe('application/fhir+json');
    expect(headers?.get('Accept-Language')).toBe('it-IT');
    const proof = headers?.get('DPoP') ?? '';
    const payload = JSON.parse(atob(proof.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? ''));
    expect(payload).toMatchObject({ htm: 'GET', htu: `${window.location.origin}${SUMMARY}` });
  });

  it("reads a refusal's OperationOutcome as the API's error reply: its code, its toast", async () => {
    await signIn();
    fakeServer({
      [`GET ${SUMMARY}`]: () =>
        json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'forbidden', diagnostics: 'DOSSIER_NOT_AUTHORIZED' }],
          },
          403,
        ),
    });
    const error = await getFhirJson('Patient/1001/$summary').catch((caught: unknown) => caught);
    expect(errorReplyOf(error)).toMatchObject({ status: 403, code: 'DOSSIER_NOT_AUTHORIZED' });
    const toasts = store.get(toastQueueAtom).map((toast) => i18n._(toast.message));
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).not.toBe('');
  });
});
