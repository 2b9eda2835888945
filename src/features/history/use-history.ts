/** Treatment history of one patient: pages that add up, filters, and the filters' choices. */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { TreatmentHistoryItem } from '../../contract/documents';
import type { HistoryOptions } from './api';
import { fetchHistoryOptions, fetchHistoryPage } from './api';
import type { HistoryFilters } from './filters';

export interface HistoryState {
  status: 'loading' | 'ready' | 'error';
  reason: MessageDescriptor | null;
  items: readonly TreatmentHistoryItem[];
  totalCount: number;
  hasMore: boolean;
  options: HistoryOptions | null;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
}

export function useHistory(patientId: number, filters: HistoryFilters): HistoryState {
  const [options, setOptions] = useState<HistoryOptions | null>(null);
  const loadPage = useCallback(
    async ({ page }: { page: number }): Promise<Page<TreatmentHistoryItem>> => {
      const history = await fetchHistoryPage(patientId, filters, page);
      return {
        items: history.items,
        total: history.paging.totalCount,
        more: page < history.paging.totalPage,
      };
    },
    [patientId, filters],
  );
  const { state, reload, loadMore, hasMore } = usePagedLoader<TreatmentHistoryItem>(loadPage, {
    keyOf: (item) => item.id,
  });

  useEffect(() => {
    let active = true;
    fetchHistoryOptions(patientId)
      .then((loaded) => active && setOptions(loaded))
      .catch(() => undefined); // the filters then offer the period only
    return () => {
      active = false;
    };
  }, [patientId]);

  return {
    status: state.status,
    reason: state.status === 'error' ? state.reason : null,
    items: state.status === 'ready' ? state.value.items : [],
    totalCount: state.status === 'ready' ? state.value.total : 0,
    hasMore,
    options,
    reload,
    loadMore,
  };
}
