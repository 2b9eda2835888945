/** The calls of the in-portal videoconference: setup, waiting room, signalling. */
import { applyAuthHeaders } from '../../../api/auth-headers';
import { api } from '../../../api/client';
import { getJson, sendJson } from '../../../api/request';
import { apiPrefixUrl } from '../../../config/runtime-config';
import { CallSetup, type CallSignalInput, CallSignals, CallState } from '../../../contract/conferences-call';
import { acceptLanguage, currentLocale } from '../../../i18n/locale';

const base = (id: number): string => `conferences/${id}/call`;
// The call page says what went wrong itself; no toast on top of it.
const quiet = { context: { quiet: true } };

export function fetchCallSetup(id: number): Promise<CallSetup> {
  return getJson(base(id), CallSetup, quiet);
}

export function joinCall(id: number): Promise<CallState> {
  return sendJson('post', `${base(id)}/join`, {}, CallState, quiet);
}

export function admitPatient(id: number): Promise<CallState> {
  return sendJson('post', `${base(id)}/admit`, {}, CallState);
}

export function hangUp(id: number): Promise<CallState> {
  return sendJson('post', `${base(id)}/hangup`, {}, CallState, quiet);
}

export function fetchSignals(id: number, after: number): Promise<CallSignals> {
  return getJson(`${base(id)}/signals?after=${after}`, CallSignals, quiet);
}

export async function sendSignal(id: number, signal: CallSignalInput): Promise<void> {
  await api().post(`${base(id)}/signals`, { json: signal, ...quiet });
}

/**
 * The `pagehide` beacon that leaves the call (a closed tab must not stay admitted). A page going
 * away has no time to sign a DPoP proof, so the request is made ahead (and made again while in the call,
 * as a proof is good for a minute); sending it is then synchronous, a `keepalive` fetch that outlives the
 * page. If it never arrives, the server forgets the patient after ADMITTED_TTL_SECONDS.
 */
export async function prepareLeaveBeacon(id: number): Promise<() => void> {
  const url = `${apiPrefixUrl()}/${base(id)}/leave`;
  const request = new Request(url, { method: 'POST' });
  await applyAuthHeaders(request);
  request.headers.set('Accept-Language', acceptLanguage(currentLocale()));
  const headers = new Headers(request.headers);
  return () => {
    void fetch(url, { method: 'POST', keepalive: true, headers, credentials: 'same-origin' }).catch(
      () => undefined,
    );
  };
}
