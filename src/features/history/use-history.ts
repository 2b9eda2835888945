/** Treatment history of one patient: pages that add up, filters, and the filters' choices. */
import { useCallback, useEffect, useState } from 'react';
import type { Page, PagedLoaderControl } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { TreatmentHistoryItem } from '../../contract/documents';
import type { HistoryOptions } from './api';
import { fetchHistoryOptions, fetchHistoryPage } from './api';
import type { HistoryFilters } from './filters';

export interface HistoryControl extends PagedLoaderControl<TreatmentHistoryItem, Page<TreatmentHistoryItem>> {
  options: HistoryOptions | null;
}

export function useHistory(patientId: number, filters: HistoryFilters, includeOwn: boolean): HistoryControl {
  const [options, setOptions] = useState<HistoryOptions | null>(null);
  const loadPage = useCallback(
    async ({ page }: { page: number }): Promise<Page<TreatmentHistoryItem>> => {
      const history = await fetchHistoryPage(patientId, filters, page, includeOwn);
      return {
        items: history.items,
        total: history.paging.totalCount,
        more: page < history.paging.totalPage,
      };
    },
    [patientId, filters, includeOwn],
  );
  const list = usePagedLoader<TreatmentHistoryItem>(loadPage, {
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

  return { ...list, options };
}
