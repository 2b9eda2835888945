import { fetchDocumentList } from '../../api/documents';
import type { DocumentList } from '../../contract/documents';
import { TIMELINE_MAX_DOCUMENTS } from './timeline-config';

/** `GET /documents`: the whole dossier of a patient for the timeline (up to 5,000 documents). */
export function fetchTimelineDocuments(patientId: number): Promise<DocumentList> {
  return fetchDocumentList({ patientId, pageSize: TIMELINE_MAX_DOCUMENTS });
}
