import { randomUUID } from 'node:crypto';
import type { BundleEntry, Patient, Resource } from '@medplum/fhirtypes';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { type ClinicalRecord, everyResult } from '../clinical/record';
import type { DocumentSummary } from '../documents/records';
import { documentReferenceOf } from '../fhir/document-reference';
import { immunizationResource, medicationResource } from '../fhir/medications';
import { organizationResource, patientResource } from '../fhir/patient';
import { allergyResource, conditionResource } from '../fhir/problems';
import { observationResource } from '../fhir/results';
import { entryId, type MappingContext, referenceTo, systems } from '../fhir/systems';
import type { Language } from '../language';

/** Where the Bundle's text goes, a piece at a time (a zip entry). */
export interface TextSink {
  write(text: string): Promise<void>;
}

export interface RecordBundleSource {
  db: Database;
  user: UserRow;
  record: ClinicalRecord;
  language: Language;
  organizationName: string;
  now: Date;
  /** The archive's documents and their paths in it (the attachments point at those files). */
  documents: AsyncIterable<{ summary: DocumentSummary; path: string }>;
}

/**
 * The whole record as a FHIR R4 `collection` Bundle, written entry by entry (never built whole): the
 * Patient and the hospital, every problem, allergy, medication, vaccination and result the requester may
 * see, and a DocumentReference per document whose attachment is the PDF's path in the archive (a relative
 * URL, resolved beside the Bundle's file).
 */
export async function writeRecordBundle(out: TextSink, source: RecordBundleSource): Promise<number> {
  const { record, language } = source;
  const patient = entryId(randomUUID());
  const organization = entryId(randomUUID());
  const context: MappingContext = { language, patient, organization };
  let entries = 0;
  const add = async (fullUrl: string, resource: Resource): Promise<void> => {
    const entry: BundleEntry = { fullUrl, resource };
    await out.write(`${entries++ === 0 ? '' : ','}\n${JSON.stringify(entry)}`);
  };
  const addEach = async <Row>(
    rows: Iterable<Row> | AsyncIterable<Row>,
    toResource: (row: Row, entry: ReturnType<typeof entryId>, context: MappingContext) => Resource,
  ): Promise<void> => {
    for await (const row of rows) {
      const entry = entryId(randomUUID());
      await add(entry.fullUrl, toResource(row, entry, context));
    }
  };
  const head = {
    resourceType: 'Bundle',
    language,
    identifier: { system: systems.uri, value: `urn:uuid:${randomUUID()}` },
    type: 'collection',
    timestamp: source.now.toISOString(),
  };
  await out.write(`${JSON.stringify(head).slice(0, -1)},"entry":[`);
  await add(patient.fullUrl, patientResource(record.patient, patient));
  await add(organization.fullUrl, organizationResource(source.organizationName, organization));
  await addEach(record.conditions, conditionResource);
  await addEach(record.allergies, allergyResource);
  await addEach(record.medications, medicationResource);
  await addEach(record.immunizations, immunizationResource);
  await addEach(everyResult(source.db, source.user, record.patient.mepiId), observationResource);
  const subject = referenceTo<Patient>(patient, `${record.patient.name} ${record.patient.surname}`);
  for await (const { summary, path } of source.documents)
    await add(`urn:uuid:${randomUUID()}`, documentReferenceOf(summary, { url: path }, { language, subject }));
  await out.write('\n]}\n');
  return entries;
}
