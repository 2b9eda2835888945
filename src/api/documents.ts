/**
 * `GET /documents`, the one call every screen lists the dossier with (the dossier, the timeline, the
 * obscuring list, the guests' and the copy requests' pickers): a page of `pageSize` from `offset`.
 */
import type { Options } from 'ky';
import { DocumentList } from '../contract/documents';
import { getJson } from './request';

export interface DocumentListRequest {
  patientId: number;
  pageSize: number;
  offset?: number;
  /** Further query parameters, in order, repeated keys allowed (`context=list`, the dossier filters). */
  params?: readonly (readonly [string, string])[];
}

/** The path and query of one page: also the key of the dossier's offline copy. */
export function documentListPath(request: DocumentListRequest): string {
  const query = new URLSearchParams([
    ['patientId', String(request.patientId)],
    ['max', String(request.pageSize)],
    ['offset', String(request.offset ?? 0)],
    ...(request.params ?? []).map(([key, value]): [string, string] => [key, value]),
  ]);
  return `documents?${query.toString()}`;
}

export function fetchDocumentList(request: DocumentListRequest, options?: Options): Promise<DocumentList> {
  return getJson(documentListPath(request), DocumentList, options);
}
