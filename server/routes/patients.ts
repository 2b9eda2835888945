import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { IdParam, PatientListQuery } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { assertCanListPatients, authorizePatientAccess } from '../services/access';
import { getPatient, listPatients } from '../services/patients';
import { requireUser } from '../services/users';
import { onInvalid } from '../validate';

export const patientRoutes = new Hono<AppEnv>()
  .get('/patients', vValidator('query', PatientListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await requireUser(db, c.get('principal').subject);
    assertCanListPatients(user);
    return c.json(await listPatients(db, c.req.valid('query'), user.id));
  })
  .get('/patients/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await requireUser(db, c.get('principal').subject);
    const { id } = c.req.valid('param');
    await authorizePatientAccess(db, user, id, 'PATIENT_READ');
    const patient = await getPatient(db, id, user.id);
    if (!patient) throw new HttpError(404, 'NOT_FOUND');
    return c.json(patient);
  });
