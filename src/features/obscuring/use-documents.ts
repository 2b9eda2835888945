/** The patient's documents for the obscuring list, a page of 100 at a time. */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { Document } from '../../contract/documents';
import { fetchDocuments } from './api';

export type DocumentsState =
  | { status: 'loading' }
  | { status: 'error'; reason: MessageDescriptor | null }
  | { status: 'ready'; documents: Document[]; total: number; loadingMore: boolean };

export function useObscuringDocuments(patientId: number): {
  state: DocumentsState;
  reload: () => Promise<void>;
  loadMore: () => void;
} {
  const [state, setState] = useState<DocumentsState>({ status: 'loading' });
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const page = await fetchDocuments(patientId, 0);
      if (mine === generation.current)
        setState({
          status: 'ready',
          documents: page.documents,
          total: page.paging.totalCount,
          loadingMore: false,
        });
    } catch (error) {
      if (mine === generation.current) setState({ status: 'error', reason: failureMessage(error) });
    }
  }, [patientId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  const loadMore = (): void => {
    if (state.status !== 'ready' || state.loadingMore) return;
    const mine = generation.current;
    setState({ ...state, loadingMore: true });
    fetchDocuments(patientId, state.documents.length)
      .then((page) => {
        if (mine === generation.current)
          setState({
            status: 'ready',
            documents: [...state.documents, ...page.documents],
            total: page.paging.totalCount,
            loadingMore: false,
          });
      })
      .catch(() => setState({ ...state, loadingMore: false })); // the error toast says why
  };

  return { state, reload, loadMore };
}
