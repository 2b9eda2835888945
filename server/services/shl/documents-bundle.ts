import { randomUUID } from 'node:crypto';
import type { Binary, Bundle } from '@medplum/fhirtypes';
import type { DocumentRecord } from '../documents/records';
import { documentReferenceOf } from '../fhir/document-reference';
import type { Language } from '../language';

export interface SharedDocument {
  record: DocumentRecord;
  pdf: Uint8Array;
}

/**
 * The chosen documents as a FHIR `collection`: each PDF a `Binary`, described by a `DocumentReference`
 * whose attachment points at it by its `fullUrl`, so a reader resolves it inside the bundle. The types are
 * named in the sharer's language, as the summary is.
 */
export function documentsBundle(documents: readonly SharedDocument[], now: Date, language: Language): Bundle {
  const entries = documents.flatMap(({ record, pdf }) => {
    const binaryUrl = `urn:uuid:${randomUUID()}`;
    const binary: Binary = {
      resourceType: 'Binary',
      contentType: 'application/pdf',
      data: Buffer.from(pdf).toString('base64'),
    };
    const reference = documentReferenceOf(record, { url: binaryUrl, size: pdf.byteLength }, { language });
    return [
      { fullUrl: `urn:uuid:${randomUUID()}`, resource: reference },
      { fullUrl: binaryUrl, resource: binary },
    ];
  });
  return { resourceType: 'Bundle', type: 'collection', timestamp: now.toISOString(), entry: entries };
}
