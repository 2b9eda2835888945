/** The calls of the conference screens (spec 7 "Conferences") and the presence heartbeat. */
import * as v from 'valibot';
import { api } from '../../api/client';
import { getJson, sendJson, sendNoContent } from '../../api/request';
import {
  CanCreateConference,
  ConferenceList,
  type ConferenceScope,
  ConferenceShow,
  OnlinePatients,
  type RequestConferenceBody,
} from '../../contract/conferences';

const Created = v.object({ id: v.number() });

export function fetchConferences(scope: ConferenceScope): Promise<ConferenceList> {
  return getJson(`conferences?scope=${scope}&max=50`, ConferenceList, { context: { quiet: true } });
}

export async function acceptConference(id: number): Promise<void> {
  await sendNoContent('put', `conferences/${id}/accept`);
}

/** A refused reason is shown in the sheet, beside the text the patient typed. */
export async function rejectConference(id: number, message: string): Promise<void> {
  await sendNoContent('put', `conferences/${id}/reject`, { message }, [400]);
}

export function fetchShowUrl(id: number): Promise<ConferenceShow> {
  return getJson(`conferences/${id}/show`, ConferenceShow);
}

export function fetchOnlinePatients(projectId: number): Promise<OnlinePatients> {
  return getJson(`conferences/onlinePatients/${projectId}`, OnlinePatients, { context: { quiet: true } });
}

export function fetchCanCreate(patientId: number): Promise<CanCreateConference> {
  return getJson(`conferences/canUserCreateConference/${patientId}`, CanCreateConference);
}

/** A call now (empty body) or a booked visit; a refused date or time (400) is shown by the form. */
export async function requestConference(patientId: number, booking: RequestConferenceBody): Promise<number> {
  const reply = await sendJson('post', `conferences/request/${patientId}`, booking, Created, {
    context: { quiet: [400] },
  });
  return reply.id;
}

/** The heartbeat of presence; failures are silent (the next beat tries again). */
export async function sendHeartbeat(): Promise<void> {
  await api().put('conferences/presence', { context: { quiet: true } });
}

export async function clearPresence(): Promise<void> {
  await api().delete('conferences/presence', { context: { quiet: true } });
}
