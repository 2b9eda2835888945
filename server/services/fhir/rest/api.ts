import type { Bundle, Resource } from '@medplum/fhirtypes';
import type { FhirResourceType, FhirSearchQuery } from '../../../../src/contract/fhir';
import type { AppAuthorization } from '../../../auth/principal';
import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { authorizedRead, authorizePatientAccess } from '../../access/gate';
import { fhirReadDetail } from '../../access/history';
import { recordRefusal } from '../../access/recorded';
import { documentlessShown, rowsShownGiven } from '../../clinical/visibility';
import type { Language } from '../../language';
import { patientExists } from '../../patients';
import { appAllows } from '../app-scopes';
import { restEntry } from '../systems';
import { numericId, searchBundle, searchPage } from './search';
import type { Source, SourceContext } from './source';
import { sourcesOf } from './sources';

/** Who asks: the user, and the app reading for them when the token is a SMART app's. */
export interface FhirCaller {
  user: UserRow;
  app?: AppAuthorization;
}

export interface FhirReplyOptions {
  language: Language;
  /** The endpoint's absolute base, `https://…/fhir`. */
  base: string;
}

/** The hospital, which performs the results: one Organization the resources reference. */
export const HOSPITAL_ID = 'hospital';

const refused = () => new HttpError(403, 'ACCESS_DENIED');

async function contextFor(
  db: Database,
  caller: FhirCaller,
  patientId: number,
  options: FhirReplyOptions,
): Promise<SourceContext> {
  const documentless = await documentlessShown(db, caller.user, patientId);
  return {
    db,
    user: caller.user,
    patientId,
    language: options.language,
    base: options.base,
    mapping: {
      language: options.language,
      patient: restEntry('Patient', patientId),
      organization: restEntry('Organization', HOSPITAL_ID),
    },
    shown: rowsShownGiven(caller.user, documentless),
    documentless,
  };
}

/**
 * The patient a search is about: `patient` (or `subject`; a Patient search's `_id`), else the caller's
 * own (a patient, a guest's active account, an app's launch). Staff must name one. An app reads only the
 * patient it was allowed for.
 */
function patientOf(caller: FhirCaller, type: FhirResourceType, query: FhirSearchQuery): number {
  const named = type === 'Patient' ? query._id : (query.patient ?? query.subject);
  const patientId = named
    ? Number(named.replace(/^Patient\//, ''))
    : (caller.app?.patientId ?? caller.user.patientId);
  if (!patientId || !Number.isSafeInteger(patientId))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'patient', code: 'required' }]);
  if (caller.app && caller.app.patientId !== patientId) throw refused();
  return patientId;
}

const appOf = (caller: FhirCaller) => (caller.app ? { appName: caller.app.name } : {});

/** The treatment history is the patient's alone (Source.selfOnly). */
const selfOnly = (sources: readonly Source[]): boolean => sources.some((source) => source.selfOnly);
const isThePatient = (user: UserRow, patientId: number): boolean =>
  user.userType === 'PAT' && user.patientId === patientId;

/**
 * The refusal of a type only the patient themself reads, to anyone else: the whole type, before any id
 * is looked at, the attempt in the patient's trail when the patient is known.
 */
async function refuseAllButThePatient(
  db: Database,
  caller: FhirCaller,
  patientId: number | null,
  detail: string,
): Promise<never> {
  if (patientId !== null && (await patientExists(db, patientId)))
    await recordRefusal(db, caller.user, patientId, 'FHIR_READ', { detail, ...appOf(caller) });
  throw refused();
}

/**
 * A search (`GET /fhir/<type>?…`): the app's scope, then the gate on the patient (FHIR_READ audited with
 * the query, and the app's name), then one page of what this caller may see.
 */
export async function searchResources(
  db: Database,
  caller: FhirCaller,
  type: FhirResourceType,
  query: FhirSearchQuery,
  options: FhirReplyOptions,
): Promise<Bundle> {
  const sources = sourcesOf[type];
  if (!sources) throw new HttpError(404, 'NOT_FOUND');
  if (!appAllows(caller.app, type, 's')) throw refused();
  const patientId = patientOf(caller, type, query);
  if (selfOnly(sources) && !isThePatient(caller.user, patientId))
    await refuseAllButThePatient(db, caller, patientId, fhirReadDetail(type));
  const page = await authorizedRead(
    db,
    caller.user,
    patientId,
    'FHIR_READ',
    { detail: fhirReadDetail(type), ...appOf(caller) },
    async () => searchPage(await contextFor(db, caller, patientId, options), sources, query),
  );
  return searchBundle(type, page, query, {
    base: options.base,
    ...(type === 'Patient' ? {} : { patientId }),
  });
}

/** Whose row an id of the type names, whichever source it is of; null when none has it. */
async function ownerOfAny(db: Database, sources: readonly Source[], id: string): Promise<number | null> {
  for (const source of sources) {
    const numeric = numericId(source, id);
    if (numeric !== null) return source.ownerOf(db, numeric);
  }
  return null;
}

/**
 * A read (`GET /fhir/<type>/<id>`). Whatever the caller may not read answers 404, as a missing id does
 * (another patient's row, one hidden from them, one outside an app's patient), so no refusal tells that
 * an id exists; the gate still audits a refused patient as DENIED.
 */
export async function readResource(
  db: Database,
  caller: FhirCaller,
  type: FhirResourceType,
  id: string,
  options: FhirReplyOptions,
): Promise<Resource> {
  const sources = sourcesOf[type];
  if (!sources) throw new HttpError(404, 'NOT_FOUND');
  if (!appAllows(caller.app, type, 'r')) throw refused();
  if (selfOnly(sources) && caller.user.userType !== 'PAT')
    await refuseAllButThePatient(db, caller, await ownerOfAny(db, sources, id), fhirReadDetail(type, id));
  for (const source of sources) {
    const numeric = numericId(source, id);
    if (numeric === null) continue;
    const owner = await source.ownerOf(db, numeric);
    if (owner === null || (caller.app && caller.app.patientId !== owner)) break;
    try {
      await authorizePatientAccess(db, caller.user, owner, 'FHIR_READ', {
        detail: fhirReadDetail(type, id),
        ...appOf(caller),
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) break;
      throw error;
    }
    const context = await contextFor(db, caller, owner, options);
    const { found } = await source.search(context, [source.idIs(numeric)], 1);
    if (found[0]) return found[0].resource;
    break;
  }
  throw new HttpError(404, 'NOT_FOUND');
}
