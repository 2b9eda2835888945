import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { type ErrorReply, IdParam } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { authenticate } from '../middleware/authenticate';
import { caller } from '../middleware/caller';
import { handleError } from '../middleware/errors';
import { patientSummary } from '../services/fhir/operation';
import { operationOutcome } from '../services/fhir/outcome';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

/** FHIR's JSON media type: every reply under /fhir, errors included. */
const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** `_format` (FHIR's override of Accept): JSON is all this endpoint speaks; anything else is refused. */
const FormatQuery = v.object({
  _format: v.optional(v.picklist(['json', 'application/json', 'application/fhir+json'])),
});

/**
 * Errors as FHIR says them: the portal's error reply (handleError: the same statuses and codes, a 500
 * logged with its id, the headers such as WWW-Authenticate kept) turned into an OperationOutcome.
 */
async function fhirError(error: Error, c: Context<AppEnv>): Promise<Response> {
  const reply = handleError(error, c);
  const body = (await reply.json()) as ErrorReply;
  const headers = new Headers({ 'Content-Type': FHIR_JSON });
  for (const name of ['WWW-Authenticate', 'Retry-After']) {
    const value = reply.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(JSON.stringify(operationOutcome(body)), { status: reply.status, headers });
}

/**
 * The FHIR endpoint: the IPS `$summary` operation on a patient, the id being the portal's
 * patient id. The portal's own tokens (DPoP-bound with the embedded IdP) are verified as on /api, and the
 * access is the dossier's: the gate decides and audits.
 */
export const fhirRoutes = new Hono<AppEnv>()
  .use(authenticate())
  .use(caller())
  .get(
    '/Patient/:id/$summary',
    vValidator('param', IdParam, onInvalid),
    vValidator('query', FormatQuery, onInvalid),
    async (c) => {
      const { db, config } = c.get('deps');
      const user = await c.var.user();
      const bundle = await patientSummary(db, user, c.req.valid('param').id, {
        language: languageOf(c),
        organizationName: config.applicationTitle,
      });
      return c.json(bundle, 200, { 'Content-Type': FHIR_JSON });
    },
  )
  .all('*', () => {
    throw new HttpError(404, 'NOT_FOUND');
  })
  .onError(fhirError);
