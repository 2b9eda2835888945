import * as v from 'valibot';
import { EntityId, EntityIdText, IsoDate, IsoTimestamp, Paging, PagingQuery } from './common';

export const ProjectPerson = v.object({ id: EntityId, displayName: v.string() });
export type ProjectPerson = v.InferOutput<typeof ProjectPerson>;

export const ProjectUnit = v.object({
  id: EntityId,
  code: v.string(),
  name: v.string(),
  hospital: v.string(),
});
export type ProjectUnit = v.InferOutput<typeof ProjectUnit>;

/** Spec 3 "Project": a project with the staff who run it and the units it involves. */
export const Project = v.object({
  id: EntityId,
  code: v.string(),
  name: v.string(),
  description: v.string(),
  /** The consent model a participant signs. */
  consentCode: v.string(),
  /** Its consent model has ended: nobody joins any more (spec 8 'Non è più possibile modificare…'). */
  closed: v.boolean(),
  members: v.array(ProjectPerson),
  units: v.array(ProjectUnit),
  /** The caller runs it (may invite and remove). */
  isMember: v.boolean(),
});
export type Project = v.InferOutput<typeof Project>;

/** `GET /projects/{id}`: for a member, how many patients take part and how many are invited. */
export const ProjectDetails = v.object({
  ...Project.entries,
  participants: v.nullable(v.object({ participating: v.number(), invited: v.number() })),
});
export type ProjectDetails = v.InferOutput<typeof ProjectDetails>;

/** `GET /projects`: the projects the caller runs (staff; all of them for an administrator), or takes part in. */
export const ProjectList = v.object({ projects: v.array(Project) });
export type ProjectList = v.InferOutput<typeof ProjectList>;

/** Spec 4 "Project participation". */
export const Participation = v.picklist(['participating', 'invited', 'not-participating']);
export type Participation = v.InferOutput<typeof Participation>;

export const PatientProject = v.object({
  project: Project,
  participation: Participation,
  /** The project consent's state (GIVEN, INVITE, REVOKED, REJECTED…), null when there never was one. */
  consentStatus: v.nullable(v.string()),
});
export type PatientProject = v.InferOutput<typeof PatientProject>;

/** `GET /projects/patientProjects?patientId`. */
export const PatientProjectList = v.object({ patientProjects: v.array(PatientProject) });
export type PatientProjectList = v.InferOutput<typeof PatientProjectList>;

export const ProjectPatientQuery = v.object({ patientId: EntityIdText });

/** `PUT` (invite) and `DELETE` (remove) `/projects/{id}/participants/{patientId}`; the reply is the patient's projects. */
export const ProjectParticipantParam = v.object({ id: EntityIdText, patientId: EntityIdText });

/** `GET /projects/physicians?patientId`: the patient's care team (members of their projects, physicians of their units). */
export const CareTeam = v.object({
  physicians: v.array(v.object({ ...ProjectPerson.entries, unit: v.nullable(v.string()) })),
});
export type CareTeam = v.InferOutput<typeof CareTeam>;

/** `GET /projects/userPatientUnits?patientId`: units of the caller's work (own unit, projects run) where the patient has documents. */
export const UserPatientUnits = v.object({ units: v.array(ProjectUnit) });
export type UserPatientUnits = v.InferOutput<typeof UserPatientUnits>;

/** A patient's state in a project, as its staff list them: taking part, invited, or with an expired consent. */
export const ProjectParticipantState = v.picklist(['participating', 'invited', 'expired']);
export type ProjectParticipantState = v.InferOutput<typeof ProjectParticipantState>;

export const ProjectParticipant = v.object({
  patientId: EntityId,
  name: v.string(),
  surname: v.string(),
  birthDate: IsoDate,
  state: ProjectParticipantState,
  /** Since when: the signature (participating), the invitation (invited), the expiry (expired). */
  since: v.nullable(IsoTimestamp),
});
export type ProjectParticipant = v.InferOutput<typeof ProjectParticipant>;

/** `GET /projects/{id}/participants?state&max&offset` (a member or an administrator): who takes part or is invited. */
export const ProjectParticipantQuery = v.object({
  ...PagingQuery.entries,
  state: v.optional(ProjectParticipantState),
});
export type ProjectParticipantQuery = v.InferOutput<typeof ProjectParticipantQuery>;

export const ProjectParticipantList = v.object({ participants: v.array(ProjectParticipant), paging: Paging });
export type ProjectParticipantList = v.InferOutput<typeof ProjectParticipantList>;
