/** The projects calls (spec section 7, "Patients and projects"), typed by the contract. */
import { getJson, sendJson } from '../../api/request';
import type {
  PatientProjectList,
  ProjectDetails,
  ProjectParticipantList,
  ProjectParticipantState,
} from '../../contract/projects';
import {
  PatientProjectList as PatientProjectListSchema,
  ProjectDetails as ProjectDetailsSchema,
  ProjectParticipantList as ProjectParticipantListSchema,
} from '../../contract/projects';

/** Participants per page of the project's list. */
export const PARTICIPANTS_PAGE = 20;

export function fetchPatientProjects(patientId: number): Promise<PatientProjectList> {
  return getJson('projects/patientProjects', PatientProjectListSchema, { searchParams: { patientId } });
}

export function fetchProject(projectId: number): Promise<ProjectDetails> {
  return getJson(`projects/${projectId}`, ProjectDetailsSchema);
}

/** A page of the project's participants and invited patients (members only), optionally one state. */
export function fetchProjectParticipants(
  projectId: number,
  offset: number,
  state: ProjectParticipantState | null,
): Promise<ProjectParticipantList> {
  const searchParams: Record<string, string | number> = { max: PARTICIPANTS_PAGE, offset };
  if (state) searchParams.state = state;
  return getJson(`projects/${projectId}/participants`, ProjectParticipantListSchema, { searchParams });
}

/** Invites (PUT) or removes (DELETE); the reply is the patient's projects as they are now. Errors stay quiet: the screen says them. */
export function changeParticipation(
  projectId: number,
  patientId: number,
  action: 'invite' | 'remove',
): Promise<PatientProjectList> {
  return sendJson(
    action === 'invite' ? 'put' : 'delete',
    `projects/${projectId}/participants/${patientId}`,
    undefined,
    PatientProjectListSchema,
    { context: { quiet: true } },
  );
}
