/**
 * `GET /projects`, the one read of the projects the caller sees: the patients' participation filter, and the
 * projects a survey card or a call may go to (those the caller runs, `isMember`).
 */
import type { Project } from '../contract/projects';
import { ProjectList } from '../contract/projects';
import { getJson } from './request';

/** `quiet`: the screen shows a failure itself, without the error toast. */
export async function fetchProjects(options: { quiet?: boolean } = {}): Promise<Project[]> {
  const reply = await getJson(
    'projects',
    ProjectList,
    options.quiet ? { context: { quiet: true } } : undefined,
  );
  return reply.projects;
}

/** The projects the caller runs: a survey card or a call goes to their participants. */
export async function fetchOwnProjects(): Promise<Project[]> {
  return (await fetchProjects({ quiet: true })).filter((project) => project.isMember);
}
