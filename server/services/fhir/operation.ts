import type { Bundle } from '@medplum/fhirtypes';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { authorizePatientAccess } from '../access/gate';
import { readClinicalRecord } from '../clinical/record';
import { type SummaryDocument, type SummaryOptions, summaryDocument } from './summary';

/**
 * `$summary` (http://hl7.org/fhir/uv/ips/OperationDefinition/summary) for one patient: the gate decides and
 * audits the read (SUMMARY_READ) as it does the dossier's, then the summary is built from what this caller
 * may see of the record. The Bundle comes with its sections' text, which the PDF prints.
 */
export async function patientSummaryDocument(
  db: Database,
  user: UserRow,
  patientId: number,
  options: Omit<SummaryOptions, 'now'>,
): Promise<SummaryDocument> {
  await authorizePatientAccess(db, user, patientId, 'SUMMARY_READ');
  const record = await readClinicalRecord(db, user, patientId);
  return summaryDocument(record, { ...options, now: new Date() });
}

/** The summary as FHIR answers it: the IPS document Bundle alone. */
export async function patientSummary(
  db: Database,
  user: UserRow,
  patientId: number,
  options: Omit<SummaryOptions, 'now'>,
): Promise<Bundle> {
  return (await patientSummaryDocument(db, user, patientId, options)).bundle;
}
