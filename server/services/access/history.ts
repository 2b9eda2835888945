import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { patientExists } from '../patients';
import { authorizePatientAccess } from './gate';
import { recordRefusal } from './recorded';

/** The `detail` of audit rows written by the filter lists, so the history can leave them out. */
export const FACET_DETAIL_PREFIX = 'facet:';

/** The treatment history as the FHIR API serves it, to the patient alone. */
export const FHIR_HISTORY_TYPE = 'AuditEvent';

/**
 * The `detail` of a FHIR read's audit row: `Condition search`, `Condition/12`. The history knows by it a
 * reader's own reads of the history through FHIR, and leaves them out as it leaves out their HISTORY_READ.
 */
export const fhirReadDetail = (type: string, id?: string): string =>
  id === undefined ? `${type} search` : `${type}/${id}`;

/**
 * Who may read a treatment history: the patient and staff with access, decided (and audited) by the one
 * access function. Guests are refused: the history names every professional who opened the dossier, and
 * no guest right of the spec (chat, download, project, dossier, messaging) covers it. The refusal is
 * audited too, so the patient sees the attempt.
 */
export async function authorizeHistory(
  db: Database,
  user: UserRow,
  patientId: number,
  facet?: string,
): Promise<void> {
  const detail = facet === undefined ? {} : { detail: `${FACET_DETAIL_PREFIX}${facet}` };
  if (user.userType !== 'GUE') {
    await authorizePatientAccess(db, user, patientId, 'HISTORY_READ', detail);
    return;
  }
  if (!(await patientExists(db, patientId))) throw new HttpError(404, 'NOT_FOUND');
  await recordRefusal(db, user, patientId, 'HISTORY_READ', detail);
  throw new HttpError(403, 'ACCESS_DENIED');
}
