import type { Bundle } from '@medplum/fhirtypes';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { readClinicalRecord } from '../clinical/record';
import { type SummaryOptions, summaryBundle } from './summary';

/**
 * `$summary` (http://hl7.org/fhir/uv/ips/OperationDefinition/summary) for one patient: the gate decides and
 * audits the read (SUMMARY_READ) as it does the dossier's, then the summary is built from what this caller
 * may see of the record.
 */
export async function patientSummary(
  db: Database,
  user: UserRow,
  patientId: number,
  options: Omit<SummaryOptions, 'now'>,
): Promise<Bundle> {
  await authorizePatientAccess(db, user, patientId, 'SUMMARY_READ');
  const record = await readClinicalRecord(db, user, patientId);
  return summaryBundle(record, { ...options, now: new Date() });
}
