/** Documents of Mario Rossi (the demo patient) for the dossier tests. */
import { type Document, type DocumentList, noObscuring } from '../contract/documents';
import { MARIO_ROSSI } from './fixtures';

export function documentOf(id: number, extra: Partial<Document> = {}): Document {
  return {
    id,
    patientId: MARIO_ROSSI.mepiId,
    title: `Referto ${id}`,
    accessionNumber: null,
    documentType: { code: 'LAB', desc: 'Esami di laboratorio' },
    documentProvenanceUnit: { code: 'CARD', desc: 'Cardiologia' },
    status: 'ONLINE',
    viewable: true,
    obscuringInfo: noObscuring,
    docCreationDateTime: '2024-05-10T08:30:00.000Z',
    patientCurrentLocation: { code: 'O', desc: 'Ordinario' },
    dicomStatus: null,
    showDicom: false,
    version: 1,
    pageCount: 2,
    ...extra,
  };
}

export function listOf(documents: Document[], extra: Partial<DocumentList> = {}): DocumentList {
  return {
    documents,
    paging: { totalCount: documents.length, totalPage: 1, max: 20, offset: 0 },
    noDocumentsInDossier: documents.length === 0,
    ...extra,
  };
}

export const DOCUMENT_TYPES = {
  documentTypes: [
    { code: 'LAB', desc: 'Esami di laboratorio' },
    { code: 'RAD', desc: 'Referto radiologico' },
  ],
};
export const PROVENANCES = { provenances: [{ code: 'CARD', desc: 'Cardiologia' }] };
export const LOCATIONS = { patientCurrentLocations: [{ code: 'O', desc: 'Ordinario' }] };
