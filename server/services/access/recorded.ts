/**
 * The gate's audit rows for accesses it does not allow or refuse by itself; every area writes through
 * these, so the gate is the one writer of the trail. The title is still the gate's decision.
 */

import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { type AuditActivity, type AuditEntry, recordExternalAccess } from '../audit';
import { recordAccessOutsideGate } from './gate';

/**
 * What an audit row says beyond who, whom and what: the document (and its type), a free detail, and the
 * app that asked for the user.
 */
type RowDetails = Pick<AuditEntry, 'documentId' | 'documentTypeCode' | 'detail' | 'appName'>;

/** A refusal that comes after the gate (a document not meant for the reader, a guest asking for history). */
export function recordRefusal(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  details: RowDetails = {},
): Promise<void> {
  return recordAccessOutsideGate(db, { user, patientId, activity, outcome: 'DENIED', ...details });
}

/** A write the area itself allowed: by the owner, the collector of a consent, the signer of an obscuring. */
export function recordWrite(
  db: Database,
  user: UserRow,
  patientId: number,
  activity: AuditActivity,
  details: RowDetails = {},
): Promise<void> {
  return recordAccessOutsideGate(db, { user, patientId, activity, outcome: 'ALLOWED', ...details });
}

/** A staff read across patients (uploads to review): one allowed row per patient, one after the other. */
export async function recordReadOfEach(
  db: Database,
  user: UserRow,
  patientIds: Iterable<number>,
  activity: AuditActivity,
  detail: string,
): Promise<void> {
  for (const patientId of patientIds)
    await recordAccessOutsideGate(db, { user, patientId, activity, outcome: 'ALLOWED', detail });
}

/** The recipient of a patient's shared link opened it: their own words for a name, the link's label. */
export function recordLinkOpen(
  db: Database,
  patientId: number,
  recipient: string,
  label: string,
): Promise<void> {
  return recordExternalAccess(db, { patientId, activity: 'SHL_OPEN', name: recipient, detail: label });
}
