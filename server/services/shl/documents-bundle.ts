import { randomUUID } from 'node:crypto';
import type { Binary, Bundle, DocumentReference } from '@medplum/fhirtypes';
import type { DocumentRecord } from '../documents/records';

/** The portal's document types as LOINC document codes (the kind of note), for readers that sort by kind. */
const LOINC_DOCUMENT_TYPES: Record<string, { code: string; display: string }> = {
  LAB: { code: '11502-2', display: 'Laboratory report' },
  RAD: { code: '18748-4', display: 'Diagnostic imaging study' },
  DIM: { code: '18842-5', display: 'Discharge summary' },
  VIS: { code: '11488-4', display: 'Consult note' },
  PS: { code: '34111-5', display: 'Emergency department Note' },
  PSI: { code: '11488-4', display: 'Consult note' },
};

export interface SharedDocument {
  record: DocumentRecord;
  pdf: Uint8Array;
}

/**
 * The chosen documents as a FHIR `collection`: each PDF a `Binary`, described by a `DocumentReference`
 * whose attachment points at it by its `fullUrl`, so a reader resolves it inside the bundle.
 */
export function documentsBundle(documents: readonly SharedDocument[], now: Date): Bundle {
  const entries = documents.flatMap(({ record, pdf }) => {
    const binaryUrl = `urn:uuid:${randomUUID()}`;
    const { document, type } = record;
    const binary: Binary = {
      resourceType: 'Binary',
      contentType: 'application/pdf',
      data: Buffer.from(pdf).toString('base64'),
    };
    const reference: DocumentReference = {
      resourceType: 'DocumentReference',
      status: 'current',
      type: {
        coding: [
          { system: 'http://loinc.org', ...(LOINC_DOCUMENT_TYPES[type.code] ?? LOINC_DOCUMENT_TYPES.VIS) },
        ],
        text: type.descIt,
      },
      date: document.createdAt.toISOString(),
      description: document.title,
      author: [{ display: document.authorName }],
      custodian: { display: record.unit.hospital },
      content: [
        {
          attachment: {
            contentType: 'application/pdf',
            url: binaryUrl,
            title: document.title,
            size: pdf.byteLength,
            creation: document.createdAt.toISOString(),
          },
        },
      ],
    };
    return [
      { fullUrl: `urn:uuid:${randomUUID()}`, resource: reference },
      { fullUrl: binaryUrl, resource: binary },
    ];
  });
  return { resourceType: 'Bundle', type: 'collection', timestamp: now.toISOString(), entry: entries };
}
