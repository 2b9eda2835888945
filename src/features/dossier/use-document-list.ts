/**
 * The dossier list: the first page on every patient or filter change, further pages appended, a
 * document replaced in place (restore). Each page is kept for offline use; when the network fails the
 * stored copy is shown with the time it was received.
 */
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import * as v from 'valibot';
import type { DocumentListRequest } from '../../api/documents';
import { documentListPath } from '../../api/documents';
import { errorReplyOf } from '../../api/error-report';
import type { Page, PagedLoaderControl } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { Document, DocumentList } from '../../contract/documents';
import { DocumentList as DocumentListSchema } from '../../contract/documents';
import { readCachedReply, storeCachedReply } from '../../pwa/document-cache';
import { currentUserAtom } from '../../session/session-atoms';
import { documentListRequest, fetchDocumentPage } from './api';
import type { DossierFilters } from './filters';

/** A document added to the dossier (an approved upload) shows without a reload. */
const DOCUMENT_TOPICS = ['documents'] as const;

/** A page of the dossier, and from the first page: whether the dossier is empty, and the offline copy's time. */
export interface DossierPage extends Page<Document> {
  noDocumentsInDossier: boolean;
  /** Set when the list comes from the offline copy: when that copy was received. */
  cachedAt: number | null;
}

export interface DocumentListControl extends PagedLoaderControl<Document, DossierPage> {
  /** The server refused the period (400 invalidPeriod). */
  periodRejected: boolean;
  replaceDocument: (document: Document) => void;
}

function rejectsPeriod(error: unknown): boolean {
  return errorReplyOf(error)?.fields?.some((field) => field.code === 'invalidPeriod') === true;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function fetchOrStored(
  userId: number,
  request: DocumentListRequest,
): Promise<{ list: DocumentList; cachedAt: number | null }> {
  const path = documentListPath(request);
  try {
    const list = await fetchDocumentPage(request, isOffline());
    void storeCachedReply(userId, path, list);
    return { list, cachedAt: null };
  } catch (error) {
    if (errorReplyOf(error)) throw error; // the server answered: its answer stands
    const cached = await readCachedReply(userId, path);
    const parsed = cached ? v.safeParse(DocumentListSchema, cached.reply) : null;
    if (!cached || !parsed?.success) throw error;
    return { list: parsed.output, cachedAt: cached.at };
  }
}

export function useDocumentList(
  patientId: number,
  filters: DossierFilters,
  enabled: boolean,
): DocumentListControl {
  const userId = useAtomValue(currentUserAtom)?.id ?? 0;
  const loadPage = useCallback(
    async ({ page, offset }: { page: number; offset: number }): Promise<DossierPage> => {
      const { list, cachedAt } = await fetchOrStored(userId, documentListRequest(patientId, filters, page));
      const total = list.paging.totalCount;
      return {
        items: list.documents,
        total,
        // The offline copy has no further pages to ask for.
        more: cachedAt === null && offset + list.documents.length < total,
        noDocumentsInDossier: list.noDocumentsInDossier === true,
        cachedAt,
      };
    },
    [userId, patientId, filters],
  );
  const control = usePagedLoader(loadPage, { enabled, refreshOnReturn: true, liveTopics: DOCUMENT_TOPICS });
  const { state, update } = control;

  const replaceDocument = useCallback(
    (document: Document): void =>
      update((list) => ({ ...list, items: list.items.map((d) => (d.id === document.id ? document : d)) })),
    [update],
  );

  const periodRejected = state.status === 'error' && rejectsPeriod(state.error);
  return { ...control, periodRejected, replaceDocument };
}
