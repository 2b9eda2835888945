/** Treatment history of one patient: pages that add up, filters, and the filters' choices. */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { TreatmentHistoryItem } from '../../contract/documents';
import type { HistoryOptions } from './api';
import { fetchHistoryOptions, fetchHistoryPage } from './api';
import type { HistoryFilters } from './filters';

export interface HistoryState {
  status: 'loading' | 'ready' | 'error';
  reason: MessageDescriptor | null;
  items: TreatmentHistoryItem[];
  totalCount: number;
  hasMore: boolean;
  options: HistoryOptions | null;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
}

export function useHistory(patientId: number, filters: HistoryFilters): HistoryState {
  const [status, setStatus] = useState<HistoryState['status']>('loading');
  const [reason, setReason] = useState<MessageDescriptor | null>(null);
  const [items, setItems] = useState<TreatmentHistoryItem[]>([]);
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);
  const [totalCount, setTotalCount] = useState(0);
  const [options, setOptions] = useState<HistoryOptions | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const history = await fetchHistoryPage(patientId, filters, 1);
      if (mine !== generation.current) return;
      setItems(history.items);
      setPage(1);
      setTotalPages(history.paging.totalPage);
      setTotalCount(history.paging.totalCount);
      setStatus('ready');
    } catch (error) {
      if (mine !== generation.current) return;
      setReason(failureMessage(error));
      setStatus('error');
    }
  }, [patientId, filters]);

  useEffect(() => {
    setStatus('loading');
    void reload();
  }, [reload]);

  useEffect(() => {
    let active = true;
    fetchHistoryOptions(patientId)
      .then((loaded) => active && setOptions(loaded))
      .catch(() => undefined); // the filters then offer the period only
    return () => {
      active = false;
    };
  }, [patientId]);

  const hasMore = status === 'ready' && page < totalPages;
  const loadMore = useCallback(async (): Promise<void> => {
    if (!hasMore) return;
    const mine = generation.current;
    try {
      const history = await fetchHistoryPage(patientId, filters, page + 1);
      if (mine !== generation.current) return;
      setItems((current) => [
        ...current,
        ...history.items.filter((i) => !current.some((c) => c.id === i.id)),
      ]);
      setPage(page + 1);
    } catch {
      // The client already showed the error; the button stays to try again.
    }
  }, [hasMore, patientId, filters, page]);

  return { status, reason, items, totalCount, hasMore, options, reload, loadMore };
}
