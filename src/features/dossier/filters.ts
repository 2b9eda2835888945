/** The dossier filters: what the user chose, its query, and the period rule. */
import type { DocumentStatus } from '../../contract/documents';
import type { PatientLocationCode } from '../../contract/reference';

export interface DossierFilters {
  documentTypes: readonly string[];
  provenances: readonly string[];
  locations: readonly PatientLocationCode[];
  statuses: readonly DocumentStatus[];
  /** ISO calendar dates (YYYY-MM-DD) or ''. */
  dateFrom: string;
  dateTo: string;
}

export const NO_FILTERS: DossierFilters = {
  documentTypes: [],
  provenances: [],
  locations: [],
  statuses: [],
  dateFrom: '',
  dateTo: '',
};

export const DOCUMENT_STATUSES: readonly DocumentStatus[] = [
  'ONLINE',
  'OFFLINE',
  'RESTORING',
  'ERROR',
  'NOT_READABLE',
];

/** The start of the period follows its end: 'Il periodo di date inserito non è corretto'. */
export function periodIsInverted(filters: Pick<DossierFilters, 'dateFrom' | 'dateTo'>): boolean {
  return filters.dateFrom !== '' && filters.dateTo !== '' && filters.dateFrom > filters.dateTo;
}

export function hasActiveFilters(filters: DossierFilters): boolean {
  return activeFilterCount(filters) > 0;
}

export function activeFilterCount(filters: DossierFilters): number {
  return (
    filters.documentTypes.length +
    filters.provenances.length +
    filters.locations.length +
    filters.statuses.length +
    (filters.dateFrom ? 1 : 0) +
    (filters.dateTo ? 1 : 0)
  );
}

/** Repeated parameters (`documentType=A&documentType=B`), as the contract reads them. */
export function filterParams(filters: DossierFilters): [string, string][] {
  const params: [string, string][] = [];
  for (const code of filters.documentTypes) params.push(['documentType', code]);
  for (const code of filters.provenances) params.push(['provenance', code]);
  for (const code of filters.locations) params.push(['location', code]);
  for (const status of filters.statuses) params.push(['status', status]);
  if (filters.dateFrom) params.push(['dateFrom', filters.dateFrom]);
  if (filters.dateTo) params.push(['dateTo', filters.dateTo]);
  return params;
}

/** One removable chip per active value. */
export type FilterChip =
  | { kind: 'documentTypes' | 'provenances'; value: string }
  | { kind: 'locations'; value: PatientLocationCode }
  | { kind: 'statuses'; value: DocumentStatus }
  | { kind: 'dateFrom' | 'dateTo'; value: string };

export function filterChips(filters: DossierFilters): FilterChip[] {
  return [
    ...filters.documentTypes.map((value): FilterChip => ({ kind: 'documentTypes', value })),
    ...filters.provenances.map((value): FilterChip => ({ kind: 'provenances', value })),
    ...filters.locations.map((value): FilterChip => ({ kind: 'locations', value })),
    ...filters.statuses.map((value): FilterChip => ({ kind: 'statuses', value })),
    ...(filters.dateFrom ? [{ kind: 'dateFrom', value: filters.dateFrom } as const] : []),
    ...(filters.dateTo ? [{ kind: 'dateTo', value: filters.dateTo } as const] : []),
  ];
}

export function withoutChip(filters: DossierFilters, chip: FilterChip): DossierFilters {
  switch (chip.kind) {
    case 'documentTypes':
      return { ...filters, documentTypes: filters.documentTypes.filter((v) => v !== chip.value) };
    case 'provenances':
      return { ...filters, provenances: filters.provenances.filter((v) => v !== chip.value) };
    case 'locations':
      return { ...filters, locations: filters.locations.filter((v) => v !== chip.value) };
    case 'statuses':
      return { ...filters, statuses: filters.statuses.filter((v) => v !== chip.value) };
    case 'dateFrom':
      return { ...filters, dateFrom: '' };
    case 'dateTo':
      return { ...filters, dateTo: '' };
  }
}
