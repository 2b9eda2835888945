/** The dossier's calls (spec section 7, "Documents"), each validated with the contract. */
import type { DocumentListRequest } from '../../api/documents';
import { fetchDocumentList } from '../../api/documents';
import { getJson, sendJson } from '../../api/request';
import type { Document, DocumentList } from '../../contract/documents';
import { Document as DocumentSchema, DocumentTypes, Provenances } from '../../contract/documents';
import type { CodeDesc } from '../../contract/reference';
import { PatientCurrentLocations } from '../../contract/reference';
import type { StudyStatus } from '../../contract/studies';
import { StudyShowReply, StudyStatusReply } from '../../contract/studies';
import type { DossierFilters } from './filters';
import { filterParams } from './filters';

export const DOSSIER_PAGE_SIZE = 20;

/** One list page of the dossier: also, as a path, the key of the offline copy. */
export function documentListRequest(
  patientId: number,
  filters: DossierFilters,
  page: number,
): DocumentListRequest {
  return {
    patientId,
    pageSize: DOSSIER_PAGE_SIZE,
    offset: (page - 1) * DOSSIER_PAGE_SIZE,
    params: [['context', 'list'], ...filterParams(filters)],
  };
}

/** `GET /documents?…&context=list`. A 400 (inverted period) is shown by the screen, not as a toast. */
export function fetchDocumentPage(request: DocumentListRequest, offline: boolean): Promise<DocumentList> {
  return fetchDocumentList(request, {
    // Offline, the screen falls back to the stored copy: no toast and no second try.
    context: { quiet: offline ? true : [400] },
    retry: offline ? 0 : undefined,
  });
}

export async function fetchDocumentTypes(patientId: number): Promise<CodeDesc[]> {
  const reply = await getJson('documentTypes', DocumentTypes, {
    searchParams: { patientId },
    context: { quiet: true },
  });
  return reply.documentTypes;
}

export async function fetchProvenances(): Promise<CodeDesc[]> {
  return (await getJson('provenances', Provenances, { context: { quiet: true } })).provenances;
}

export async function fetchLocations(): Promise<CodeDesc[]> {
  const reply = await getJson('patientCurrentLocations', PatientCurrentLocations, {
    context: { quiet: true },
  });
  return reply.patientCurrentLocations;
}

/** `PUT /documents/{id}/restore`: an offline document starts its restore (RESTORING). */
export function restoreDocument(documentId: number): Promise<Document> {
  return sendJson('put', `documents/${documentId}/restore`, undefined, DocumentSchema);
}

/** Polls one document while it is being restored. */
export function fetchDocument(documentId: number): Promise<Document> {
  return getJson(`documents/${documentId}`, DocumentSchema, { context: { quiet: true } });
}

export interface StudyRef {
  accession: string;
  patientId: number;
  docProvenance: string;
}

function studyQuery(study: StudyRef): Record<string, string | number> {
  return { patientId: study.patientId, docProvenance: study.docProvenance };
}

/** `GET /studies/{id}/status`: a failure is only logged by the caller (spec section 4), never a toast. */
export async function fetchStudyStatus(study: StudyRef): Promise<StudyStatus> {
  const reply = await getJson(`studies/${encodeURIComponent(study.accession)}/status`, StudyStatusReply, {
    searchParams: studyQuery(study),
    context: { quiet: true },
  });
  return reply.status;
}

/** `PUT /studies/{id}/move`: brings an offline study back (MOVING, then ONLINE). */
export async function moveStudy(study: StudyRef): Promise<StudyStatus> {
  const path = `studies/${encodeURIComponent(study.accession)}/move`;
  const reply = await sendJson('put', path, undefined, StudyStatusReply, { searchParams: studyQuery(study) });
  return reply.status;
}

/** `GET /studies/{id}/show`: the viewer page's URL. */
export async function fetchStudyViewerUrl(study: StudyRef): Promise<string> {
  const path = `studies/${encodeURIComponent(study.accession)}/show`;
  return (await getJson(path, StudyShowReply, { searchParams: studyQuery(study) })).url;
}
