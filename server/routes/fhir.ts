import { vValidator } from '@hono/valibot-validator';
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import * as v from 'valibot';
import { type ErrorReply, IdParam } from '../../src/contract';
import { FHIR_RESOURCE_TYPES, FhirReadParam, FhirSearchQuery } from '../../src/contract/fhir';
import type { AppEnv } from '../app-env';
import { issuerOf } from '../config';
import { FHIR_BASE } from '../constants';
import { HttpError } from '../http-error';
import { authenticate } from '../middleware/authenticate';
import { caller } from '../middleware/caller';
import { handleError } from '../middleware/errors';
import { patientSummary } from '../services/fhir/operation';
import { operationOutcome } from '../services/fhir/outcome';
import { organizationResource } from '../services/fhir/patient';
import { type FhirCaller, HOSPITAL_ID, readResource, searchResources } from '../services/fhir/rest/api';
import { readBinary } from '../services/fhir/rest/binary';
import { capabilityStatement, smartSecurity } from '../services/fhir/rest/capability';
import { restEntry } from '../services/fhir/systems';
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
 * CORS for `/fhir`: a SMART app in a browser calls from its own origin. Credentials are tokens in a header,
 * never cookies, so no origin gains anything a token does not give; the preflight answers before the
 * token check.
 */
export const fhirCors = cors({
  origin: '*',
  allowMethods: ['GET', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Accept', 'Content-Type', 'DPoP'],
  exposeHeaders: ['WWW-Authenticate', 'Content-Location', 'Location'],
  maxAge: 600,
});

const TypeParam = v.object({ type: v.picklist(FHIR_RESOURCE_TYPES) });
const BinaryParam = v.object({ id: FhirReadParam.entries.id });

/** The endpoint's absolute base: links, fullUrls and attachments are absolute (FHIR search §3.1.1.2). */
const baseOf = (c: Context<AppEnv>): string => `${c.get('deps').config.publicUrl}${FHIR_BASE}`;

async function callerOf(c: Context<AppEnv>): Promise<FhirCaller> {
  const app = c.get('principal').app;
  return { user: await c.var.user(), ...(app ? { app } : {}) };
}

const fhirJson = (c: Context<AppEnv>, body: unknown) =>
  c.json(body, 200, { 'Content-Type': FHIR_JSON, 'Cache-Control': 'no-store' });

/** What anyone may ask before signing in: the CapabilityStatement (FHIR RESTful API §3.1.0.2.1). */
export const fhirPublicRoutes = new Hono<AppEnv>()
  .get('/metadata', vValidator('query', FormatQuery, onInvalid), (c) =>
    c.json(
      capabilityStatement({
        base: baseOf(c),
        name: c.get('deps').config.applicationTitle,
        served: [...FHIR_RESOURCE_TYPES, 'Binary', 'Organization'],
        security: smartSecurity(issuerOf(c.get('deps').config)),
      }),
      200,
      { 'Content-Type': FHIR_JSON },
    ),
  )
  .onError(fhirError);

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
  .get('/Organization/:id', vValidator('param', BinaryParam, onInvalid), async (c) => {
    const name = c.get('deps').config.applicationTitle;
    if (c.req.valid('param').id !== HOSPITAL_ID) throw new HttpError(404, 'NOT_FOUND');
    return fhirJson(c, organizationResource(name, restEntry('Organization', HOSPITAL_ID)));
  })
  .get('/Binary/:id', vValidator('param', BinaryParam, onInvalid), async (c) => {
    const { pdf, binary } = await readBinary(c.get('deps').db, await callerOf(c), c.req.valid('param').id);
    // FHIR's Binary read: the resource as JSON when asked for FHIR, else the content as it is.
    if (/fhir\+json|application\/json/.test(c.req.header('Accept') ?? '')) return fhirJson(c, binary());
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Cache-Control': 'no-store',
    });
  })
  .get(
    '/:type',
    vValidator('param', TypeParam, onInvalid),
    vValidator('query', FhirSearchQuery, onInvalid),
    async (c) => {
      const bundle = await searchResources(
        c.get('deps').db,
        await callerOf(c),
        c.req.valid('param').type,
        c.req.valid('query'),
        { language: languageOf(c), base: baseOf(c) },
      );
      return fhirJson(c, bundle);
    },
  )
  .get(
    '/:type/:id',
    vValidator('param', FhirReadParam, onInvalid),
    vValidator('query', FormatQuery, onInvalid),
    async (c) => {
      const { type, id } = c.req.valid('param');
      const resource = await readResource(c.get('deps').db, await callerOf(c), type, id, {
        language: languageOf(c),
        base: baseOf(c),
      });
      return fhirJson(c, resource);
    },
  )
  .all('*', () => {
    throw new HttpError(404, 'NOT_FOUND');
  })
  .onError(fhirError);
