import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import {
  type CareTeam,
  IdParam,
  type PatientProjectList,
  type ProjectDetails,
  type ProjectList,
  type ProjectParticipantList,
  ProjectParticipantParam,
  ProjectParticipantQuery,
  ProjectPatientQuery,
  type UserPatientUnits,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { careTeam, userPatientUnits } from '../services/projects/care-team';
import { listProjects, projectDetails } from '../services/projects/details';
import { projectParticipants } from '../services/projects/participant-list';
import { inviteToProject, removeFromProject } from '../services/projects/participants';
import { patientProjects } from '../services/projects/participation';
import { refuseInvitation } from '../services/projects/refusal';
import { onInvalid } from '../validate';

type ParticipantAction = typeof inviteToProject;

/** Invite or remove, then answer the patient's projects as the caller now sees them. */
function participantChange(action: ParticipantAction) {
  return [
    vValidator('param', ProjectParticipantParam, onInvalid),
    async (c: Context<AppEnv, string, { out: { param: v.InferOutput<typeof ProjectParticipantParam> } }>) => {
      const { db } = c.get('deps');
      const { id, patientId } = c.req.valid('param');
      const user = await c.var.user();
      await action(db, user, patientId, id);
      return c.json({
        patientProjects: await patientProjects(db, user, patientId),
      } satisfies PatientProjectList);
    },
  ] as const;
}

/** Projects (spec 7 "Patients and projects"): who runs them, who takes part, a patient's care team. */
export const projectRoutes = new Hono<AppEnv>()
  .get('/projects', async (c) => {
    const { db } = c.get('deps');
    return c.json({ projects: await listProjects(db, await c.var.user()) } satisfies ProjectList);
  })
  .get('/projects/patientProjects', vValidator('query', ProjectPatientQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { patientId } = c.req.valid('query');
    const list = await patientProjects(db, await c.var.user(), patientId);
    return c.json({ patientProjects: list } satisfies PatientProjectList);
  })
  .get('/projects/physicians', vValidator('query', ProjectPatientQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { patientId } = c.req.valid('query');
    return c.json({ physicians: await careTeam(db, await c.var.user(), patientId) } satisfies CareTeam);
  })
  .get('/projects/userPatientUnits', vValidator('query', ProjectPatientQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { patientId } = c.req.valid('query');
    const units = await userPatientUnits(db, await c.var.user(), patientId);
    return c.json({ units } satisfies UserPatientUnits);
  })
  .put('/projects/:id/participants/:patientId', ...participantChange(inviteToProject))
  .delete('/projects/:id/participants/:patientId', ...participantChange(removeFromProject))
  /** The patient refuses an invitation (an acceptance is the signature of the project consent). */
  .put('/projects/:id/participants/:patientId/refusal', ...participantChange(refuseInvitation))
  .get(
    '/projects/:id/participants',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', ProjectParticipantQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { id } = c.req.valid('param');
      const list = await projectParticipants(db, await c.var.user(), id, c.req.valid('query'));
      return c.json(list satisfies ProjectParticipantList);
    },
  )
  .get('/projects/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const { id } = c.req.valid('param');
    return c.json((await projectDetails(db, await c.var.user(), id)) satisfies ProjectDetails);
  });
