import type { DocumentReference, Patient, Reference } from '@medplum/fhirtypes';
import type { DocumentSummary } from '../documents/records';
import type { Language } from '../language';
import { systems } from './systems';

/** The portal's document types as LOINC document codes (the kind of note), for readers that sort by kind. */
export const LOINC_DOCUMENT_TYPES: Record<string, { code: string; display: string }> = {
  LAB: { code: '11502-2', display: 'Laboratory report' },
  RAD: { code: '18748-4', display: 'Diagnostic imaging study' },
  DIM: { code: '18842-5', display: 'Discharge summary' },
  VIS: { code: '11488-4', display: 'Consult note' },
  PS: { code: '34111-5', display: 'Emergency department Note' },
  PSI: { code: '11488-4', display: 'Consult note' },
};

/**
 * A dossier document as FHIR describes it: its kind, date, title, author and hospital, and its PDF as an
 * attachment at `url` (an entry of the same Bundle, or a file beside it in an archive).
 */
export function documentReferenceOf(
  { document, type, unit }: DocumentSummary,
  attachment: { url: string; size?: number },
  options: { language: Language; subject?: Reference<Patient> },
): DocumentReference {
  const { subject } = options;
  return {
    resourceType: 'DocumentReference',
    status: 'current',
    type: {
      coding: [{ system: systems.loinc, ...(LOINC_DOCUMENT_TYPES[type.code] ?? LOINC_DOCUMENT_TYPES.VIS) }],
      text: options.language === 'en' ? type.descEn : type.descIt,
    },
    ...(subject ? { subject } : {}),
    date: document.createdAt.toISOString(),
    description: document.title,
    author: [{ display: document.authorName }],
    custodian: { display: unit.hospital },
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          url: attachment.url,
          title: document.title,
          ...(attachment.size === undefined ? {} : { size: attachment.size }),
          creation: document.createdAt.toISOString(),
        },
      },
    ],
  };
}
