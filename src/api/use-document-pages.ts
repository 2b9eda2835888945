/** The patient's documents a page at a time, for the screens that pick from the dossier (obscuring, guests). */
import { useCallback } from 'react';
import type { Document } from '../contract/documents';
import { fetchDocumentList } from './documents';
import type { Page, PagedLoaderControl } from './use-loader';
import { usePagedLoader } from './use-loader';

export function useDocumentPages(
  patientId: number,
  pageSize: number,
): PagedLoaderControl<Document, Page<Document>> {
  const loadPage = useCallback(
    async ({ offset }: { offset: number }): Promise<Page<Document>> => {
      const page = await fetchDocumentList({ patientId, pageSize, offset });
      const total = page.paging.totalCount;
      return { items: page.documents, total, more: offset + page.documents.length < total };
    },
    [patientId, pageSize],
  );
  return usePagedLoader(loadPage);
}
