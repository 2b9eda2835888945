/**
 * The FHIR endpoint (`/fhir`, the IPS `$summary` operation) through the portal's one ky instance: the same
 * token and DPoP proof (its `htu` the `/fhir` URL), language, timeout and error toasts as every `/api` call.
 */
import { apiPrefixUrl } from '../config/runtime-config';
import { api } from './client';
import { reportTransportError } from './error-report';

/** The server mounts `/fhir` at the root of the API's origin, beside the API (server/constants.ts). */
export function fhirUrl(path: string): string {
  return new URL(`/fhir/${path.replace(/^\/+/, '')}`, apiPrefixUrl()).href;
}

/**
 * A FHIR resource as JSON, not yet read: FHIR replies are checked by whoever reads them (the IPS reader
 * type-checks every field it shows), not by a contract schema.
 */
export async function getFhirJson(path: string): Promise<unknown> {
  try {
    return await api()
      .get(fhirUrl(path), { prefix: '', headers: { Accept: 'application/fhir+json' } })
      .json();
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}
