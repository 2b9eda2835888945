/**
 * The dossier list: the first page on every patient or filter change, further pages appended, a
 * document replaced in place (restore). Each page is kept for offline use; when the network fails the
 * stored copy is shown with the time it was received.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import type { DocumentListRequest } from '../../api/documents';
import { documentListPath } from '../../api/documents';
import { errorReplyOf, failureMessage } from '../../api/error-report';
import type { Paging } from '../../contract/common';
import type { Document, DocumentList } from '../../contract/documents';
import { DocumentList as DocumentListSchema } from '../../contract/documents';
import { readCachedReply, storeCachedReply } from '../../pwa/document-cache';
import { currentUserAtom } from '../../session/session-atoms';
import { documentListRequest, fetchDocumentPage } from './api';
import type { DossierFilters } from './filters';

export type ListState =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null }
  | {
      status: 'ready';
      documents: readonly Document[];
      paging: Paging;
      noDocumentsInDossier: boolean;
      /** Set when the list comes from the offline copy: when that copy was received. */
      cachedAt: number | null;
    };

export interface DocumentListControl {
  state: ListState;
  /** The server refused the period (400 invalidPeriod). */
  periodRejected: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
  replaceDocument: (document: Document) => void;
}

function rejectsPeriod(error: unknown): boolean {
  return errorReplyOf(error)?.fields?.some((field) => field.code === 'invalidPeriod') === true;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function loadPage(
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
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [periodRejected, setPeriodRejected] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    if (!enabled) return;
    const run = ++generation.current;
    setPeriodRejected(false);
    try {
      const { list, cachedAt } = await loadPage(userId, documentListRequest(patientId, filters, 1));
      if (run !== generation.current) return;
      setState({
        status: 'ready',
        documents: list.documents,
        paging: list.paging,
        noDocumentsInDossier: list.noDocumentsInDossier === true,
        cachedAt,
      });
    } catch (error) {
      if (run !== generation.current) return;
      if (rejectsPeriod(error)) setPeriodRejected(true);
      setState({ status: 'error', reason: failureMessage(error) });
    }
  }, [userId, patientId, filters, enabled]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  const hasMore =
    state.status === 'ready' && state.cachedAt === null && state.documents.length < state.paging.totalCount;

  const loadMore = useCallback(async (): Promise<void> => {
    if (state.status !== 'ready' || !hasMore || loadingMore) return;
    const run = generation.current;
    const page = Math.floor(state.documents.length / state.paging.max) + 1;
    setLoadingMore(true);
    try {
      const { list } = await loadPage(userId, documentListRequest(patientId, filters, page));
      if (run !== generation.current) return;
      setState((current) =>
        current.status === 'ready'
          ? { ...current, documents: [...current.documents, ...list.documents], paging: list.paging }
          : current,
      );
    } catch {
      // The toast said why; scrolling again retries.
    } finally {
      setLoadingMore(false);
    }
  }, [state, hasMore, loadingMore, userId, patientId, filters]);

  const replaceDocument = useCallback((document: Document): void => {
    setState((current) =>
      current.status === 'ready'
        ? { ...current, documents: current.documents.map((d) => (d.id === document.id ? document : d)) }
        : current,
    );
  }, []);

  return { state, periodRejected, loadingMore, hasMore, reload, loadMore, replaceDocument };
}
