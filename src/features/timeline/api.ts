import { getJson } from '../../api/request';
import type { DocumentList } from '../../contract/documents';
import { DocumentList as DocumentListSchema } from '../../contract/documents';
import { TIMELINE_MAX_DOCUMENTS } from './timeline-config';

/** `GET /documents`: the whole dossier of a patient for the timeline (up to 5,000 documents). */
export function fetchTimelineDocuments(patientId: number): Promise<DocumentList> {
  return getJson('documents', DocumentListSchema, {
    searchParams: { patientId, max: TIMELINE_MAX_DOCUMENTS, offset: 0 },
  });
}
