/**
 * The one ky instance of the portal: absolute prefix from the runtime configuration, auth headers,
 * `Accept-Language`, a 20 s timeout, and error replies turned into toasts (`error-report.ts`).
 *
 * Per call, `context: { quiet: [403] }` lets the caller handle those statuses itself (no toast), and
 * `context: { quiet: true }` silences every toast of that call.
 */
import type { AfterResponseHook, BeforeRequestHook, BeforeRetryHook, KyInstance } from 'ky';
import ky from 'ky';
import { apiPrefixUrl } from '../config/runtime-config';
import { acceptLanguage, currentLocale } from '../i18n/locale';
import { applyAuthHeaders, rememberDpopNonce } from './auth-headers';
import { reportHttpError } from './error-report';

export const API_TIMEOUT_MS = 20_000;

const addHeaders: BeforeRequestHook = async ({ request }) => {
  request.headers.set('Accept-Language', acceptLanguage(currentLocale()));
  await applyAuthHeaders(request);
};

/**
 * ky runs `beforeRequest` once per call, not once per try: a retry needs a fresh token and a fresh DPoP
 * proof (new `jti`, the nonce just received), or the server refuses it as a replay.
 */
const refreshAuthHeaders: BeforeRetryHook = async ({ request }) => {
  await applyAuthHeaders(request);
};

/** One more try when the server asks for a DPoP nonce. */
const dpopNonceRetry: AfterResponseHook = ({ response, retryCount }) => {
  const nonce = response.headers.get('DPoP-Nonce');
  rememberDpopNonce(nonce);
  const asked = /use_dpop_nonce/.test(response.headers.get('WWW-Authenticate') ?? '');
  if (response.status === 401 && nonce && asked && retryCount === 0) return ky.retry({ delay: 0 });
  return undefined;
};

let instance: KyInstance | null = null;

export function api(): KyInstance {
  instance ??= ky.create({
    // `prefix` joins like ky 1's `prefixUrl`: every call passes a path relative to the API root.
    prefix: apiPrefixUrl(),
    timeout: API_TIMEOUT_MS,
    // A GET that never reached the server is tried once more; HTTP errors are answers, not retried.
    retry: { limit: 1, methods: ['get'], statusCodes: [] },
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [addHeaders],
      beforeRetry: [refreshAuthHeaders],
      afterResponse: [dpopNonceRetry],
      beforeError: [reportHttpError],
    },
  });
  return instance;
}

/** Forget the instance (tests; a new runtime configuration). */
export function resetApiClient(): void {
  instance = null;
}
