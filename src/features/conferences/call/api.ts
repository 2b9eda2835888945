/** The calls of the in-portal videoconference (issue 13 item 6): setup, waiting room, signalling. */
import { api } from '../../../api/client';
import { getJson, sendJson } from '../../../api/request';
import { CallSetup, type CallSignalInput, CallSignals, CallState } from '../../../contract/conferences-call';

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
