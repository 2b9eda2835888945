/** Treatment-history filters: their query parameters and the period rule (spec section 5). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface HistoryFilters {
  dateFrom: string;
  dateTo: string;
  activity: string;
  userRole: string;
  userId: string;
  documentType: string;
}

export const NO_FILTERS: HistoryFilters = {
  dateFrom: '',
  dateTo: '',
  activity: '',
  userRole: '',
  userId: '',
  documentType: '',
};

export const INVALID_PERIOD = msg`Il periodo di date inserito non è corretto`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period's error, if any: a malformed date, or a start after the end. */
export function periodError(filters: Pick<HistoryFilters, 'dateFrom' | 'dateTo'>): MessageDescriptor | null {
  const { dateFrom, dateTo } = filters;
  if ((dateFrom && !ISO_DATE.test(dateFrom)) || (dateTo && !ISO_DATE.test(dateTo))) return INVALID_PERIOD;
  return dateFrom && dateTo && dateFrom > dateTo ? INVALID_PERIOD : null;
}

/** Only the filters that are set, as query parameters. */
export function filterParams(filters: HistoryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value) params[key] = value;
  }
  return params;
}

export function activeFilterCount(filters: HistoryFilters): number {
  return Object.values(filters).filter(Boolean).length;
}
