import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import { FavoriteFlag, IdParam, MepiSearchQuery, PatientImport, PatientListQuery } from '../../src/contract';
import type { AppEnv } from '../app-env';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { assertCanListPatients, authorizePatientAccess } from '../services/access/gate';
import { getPatient, importPatient, setFavorite } from '../services/patients';
import { staffPatientList, staffPatientSearch } from '../services/patients/lists';
import { fieldErrors, onInvalid } from '../validate';

/**
 * The spec has the client drop null fields before sending an import; doing the same here makes a record
 * with nulls and one without them validate alike.
 */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, dropNulls(item)]),
  );
}

/**
 * Importing writes the master patient index: administrators and operators (the registration desk)
 * only. Physicians find and read patients but do not create identities.
 */
function assertCanImport(user: UserRow): void {
  if (user.userType !== 'ADM' && user.userType !== 'OPT') throw new HttpError(403, 'ACCESS_DENIED');
}

export const patientRoutes = new Hono<AppEnv>()
  .get('/patients', vValidator('query', PatientListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await staffPatientList(db, await c.var.user(), c.req.valid('query')));
  })
  // Before `/patients/:id`, which would otherwise take `mepiSearch` for a (malformed) id.
  .get('/patients/mepiSearch', vValidator('query', MepiSearchQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await staffPatientSearch(db, await c.var.user(), c.req.valid('query')));
  })
  .post('/patients/import', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    assertCanImport(user);
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(PatientImport, dropNulls(body));
    if (!parsed.success) throw new HttpError(400, 'BAD_REQUEST', fieldErrors(parsed.issues));
    const { patient, created } = await importPatient(db, parsed.output, user.id);
    return c.json(patient, created ? 201 : 200);
  })
  .get('/patients/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { id } = c.req.valid('param');
    await authorizePatientAccess(db, user, id, 'PATIENT_READ');
    const patient = await getPatient(db, id, user.id);
    if (!patient) throw new HttpError(404, 'NOT_FOUND');
    return c.json(patient);
  })
  /**
   * Favourites are the caller's own bookmarks: staff only, and no dossier consent needed, since marking
   * reads nothing of the patient. The list then shows the patient, and opening the dossier still goes
   * through the access check.
   */
  .put(
    '/patients/:id/favorites',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', FavoriteFlag, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      assertCanListPatients(user);
      const { id } = c.req.valid('param');
      return c.json(await setFavorite(db, user.id, id, c.req.valid('json').favorite));
    },
  );
