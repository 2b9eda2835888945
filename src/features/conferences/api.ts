/** The calls of the conference screens (spec 7 "Conferences") and the presence heartbeat. */
import * as v from 'valibot';
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson } from '../../api/request';
import {
  CanCreateConference,
  ConferenceList,
  type ConferenceScope,
  ConferenceShow,
  OnlinePatients,
} from '../../contract/conferences';
import { Notifications } from '../../contract/notifications';
import { ProjectList } from '../../contract/projects';

export function fetchConferences(scope: ConferenceScope): Promise<ConferenceList> {
  return getJson(`conferences?scope=${scope}&max=50`, ConferenceList, { context: { quiet: true } });
}

/** Requests waiting for the caller's answer (the menu badge). */
export async function fetchPendingCount(): Promise<number> {
  const reply = await getJson('notifications', Notifications, { context: { quiet: true } });
  return reply.conferences;
}

/** A call without a reply body; errors are reported (toast) unless `quiet` lists their status. */
async function send(method: 'post' | 'put' | 'delete', path: string, json?: unknown, quiet: number[] = []) {
  const context = { quiet };
  try {
    return await api()[method](path, json === undefined ? { context } : { context, json });
  } catch (error) {
    reportTransportError(error, { context });
    throw error;
  }
}

export async function acceptConference(id: number): Promise<void> {
  await send('put', `conferences/${id}/accept`);
}

/** A refused reason is shown in the sheet, beside the text the patient typed. */
export async function rejectConference(id: number, message: string): Promise<void> {
  await send('put', `conferences/${id}/reject`, { message }, [400]);
}

export function fetchShowUrl(id: number): Promise<ConferenceShow> {
  return getJson(`conferences/${id}/show`, ConferenceShow);
}

/** The projects the physician runs: each one's participants are the patients offered for a call. */
export async function fetchOwnProjects(): Promise<ProjectList['projects']> {
  const reply = await getJson('projects', ProjectList, { context: { quiet: true } });
  return reply.projects.filter((project) => project.isMember);
}

export function fetchOnlinePatients(projectId: number): Promise<OnlinePatients> {
  return getJson(`conferences/onlinePatients/${projectId}`, OnlinePatients, { context: { quiet: true } });
}

export function fetchCanCreate(patientId: number): Promise<CanCreateConference> {
  return getJson(`conferences/canUserCreateConference/${patientId}`, CanCreateConference);
}

export async function requestConference(patientId: number): Promise<number> {
  const response = await send('post', `conferences/request/${patientId}`);
  return v.parse(v.object({ id: v.number() }), await response.json()).id;
}

/** The heartbeat of presence; failures are silent (the next beat tries again). */
export async function sendHeartbeat(): Promise<void> {
  await api().put('conferences/presence', { context: { quiet: true } });
}

export async function clearPresence(): Promise<void> {
  await api().delete('conferences/presence', { context: { quiet: true } });
}
