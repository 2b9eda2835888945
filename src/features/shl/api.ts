/** The patient's calls for SMART Health Links: list, make, revoke; and the recent documents to pick from. */
import { fetchDocumentList } from '../../api/documents';
import { getJson, sendJson, sendNoContent } from '../../api/request';
import type { Document } from '../../contract/documents';
import { SHL_MAX_DOCUMENTS, type ShlCreateBody, ShlCreated, ShlList } from '../../contract/shl';

export function fetchLinks(patientId: number): Promise<ShlList> {
  return getJson('shl', ShlList, { searchParams: { patientId } });
}

/** A 400 names the field in error: the form shows it there, not as a toast. */
export function createLink(body: ShlCreateBody): Promise<ShlCreated> {
  return sendJson('post', 'shl', body, ShlCreated, { context: { quiet: [400] } });
}

export function revokeLink(id: number): Promise<void> {
  return sendNoContent('delete', `shl/${id}`);
}

/** The newest documents that can be opened: a link carries a visit's worth, not the whole dossier. */
export async function fetchRecentDocuments(patientId: number): Promise<Document[]> {
  const { documents } = await fetchDocumentList({
    patientId,
    pageSize: SHL_MAX_DOCUMENTS,
    params: [['status', 'ONLINE']],
  });
  return documents.filter((document) => document.viewable);
}
