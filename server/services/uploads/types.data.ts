import type { Localized } from '../language';

/**
 * What a patient may say an upload is (`/uploadedDocuments/customDocumentTypes`). Once validated, every
 * upload enters the dossier as type UPL ("Documento caricato dal paziente", created by migration 0007 in
 * every installation); the custom type stays on the upload.
 */
export const customDocumentTypes: readonly { code: string; desc: Localized }[] = [
  { code: 'EXT_REPORT', desc: { it: 'Referto di una visita esterna', en: 'External visit report' } },
  { code: 'EXT_LAB', desc: { it: 'Esami di laboratorio', en: 'Laboratory tests' } },
  { code: 'EXT_IMAGING', desc: { it: 'Referto di diagnostica per immagini', en: 'Imaging report' } },
  { code: 'DISCHARGE', desc: { it: 'Lettera di dimissione', en: 'Discharge letter' } },
  {
    code: 'PRESCRIPTION',
    desc: { it: 'Prescrizione o piano terapeutico', en: 'Prescription or treatment plan' },
  },
  { code: 'CERTIFICATE', desc: { it: 'Certificato', en: 'Certificate' } },
  { code: 'OTHER', desc: { it: 'Altro documento', en: 'Other document' } },
];

/** The dossier's document type and provenance unit of a validated upload. */
export const UPLOAD_DOCUMENT_TYPE = 'UPL';
export const UPLOAD_UNIT_CODE = 'UPL';
/** Location of a validated upload: outpatient, the closest of spec 9's codes to "brought by the patient". */
export const UPLOAD_LOCATION = 'I';
