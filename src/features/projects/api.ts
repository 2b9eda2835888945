/** The projects calls (spec section 7, "Patients and projects"), typed by the contract. */
import { getJson, sendJson } from '../../api/request';
import type { PatientProjectList, ProjectDetails } from '../../contract/projects';
import {
  PatientProjectList as PatientProjectListSchema,
  ProjectDetails as ProjectDetailsSchema,
} from '../../contract/projects';

export function fetchPatientProjects(patientId: number): Promise<PatientProjectList> {
  return getJson('projects/patientProjects', PatientProjectListSchema, { searchParams: { patientId } });
}

export function fetchProject(projectId: number): Promise<ProjectDetails> {
  return getJson(`projects/${projectId}`, ProjectDetailsSchema);
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
