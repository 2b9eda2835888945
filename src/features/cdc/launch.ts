/**
 * Opening the portal from another application (spec 2 and 4): the launch becomes a login, then the
 * portal goes where the launcher asked, in the patient's context.
 */

import { completeLaunchLogin, prepareLaunchLogin } from '../../auth/cdc-login';
import type { LaunchPage, LaunchPreview, LaunchReply } from '../../contract/cdc';
import { paths } from '../../routing/paths';
import { discover, openContext, previewContext, previewDiscovery } from './api';

/** Spec 9: the context-sharing error stays 2000 ms, then the logout. */
export const CDC_ERROR_LOGOUT_DELAY_MS = 2000;

export type Launch = { kind: 'token'; token: string } | { kind: 'context'; id: string };

/** The launch an address carries, or null when its parameter is missing. */
export function launchOf(pathname: string, search: string): Launch | null {
  const query = new URLSearchParams(search);
  if (pathname === paths.mecdc('').split('?')[0]) {
    const id = query.get('id');
    return id ? { kind: 'context', id } : null;
  }
  const token = query.get('token');
  return token ? { kind: 'token', token } : null;
}

/** The page of the allow-list, about the patient: the launch makes the patient the current one there. */
export function targetOf(page: LaunchPage, patientId: number): string {
  switch (page) {
    case 'dossier':
      return paths.patientDossier(patientId);
    case 'timeline':
      return paths.patientTimeline(patientId);
    case 'consents':
      return paths.patientConsents(patientId);
    case 'patientInfo':
      return paths.patientInfo(patientId);
  }
}

/** A launch that has not become a login by then is a failed one: the screen must not wait forever. */
export const LAUNCH_TIMEOUT_MS = 30_000;

/** Logs in with the launch and answers where to go; throws when the launch is refused or stalls. */
export function openLaunch(launch: Launch): Promise<string> {
  let timer = 0;
  const stalled = new Promise<never>((_, reject) => {
    timer = window.setTimeout(() => reject(new Error('launch timed out')), LAUNCH_TIMEOUT_MS);
  });
  return Promise.race([runLaunch(launch), stalled]).finally(() => window.clearTimeout(timer));
}

async function runLaunch(launch: Launch): Promise<string> {
  const proof = await prepareLaunchLogin();
  const reply: LaunchReply =
    launch.kind === 'token' ? await discover(launch.token, proof) : await openContext(launch.id, proof);
  await completeLaunchLogin(reply.token, reply.settings.openerOrigin);
  return targetOf(reply.otherParams.page, reply.otherParams.patientId);
}

/** Who the launch would log in, without using it up (asked before replacing this browser's login). */
export function previewLaunch(launch: Launch): Promise<LaunchPreview> {
  return launch.kind === 'token' ? previewDiscovery(launch.token) : previewContext(launch.id);
}
