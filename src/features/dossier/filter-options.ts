/** The values the filters offer, loaded once per patient; a failed list just offers nothing. */
import { useEffect, useState } from 'react';
import type { CodeDesc } from '../../contract/reference';
import { fetchDocumentTypes, fetchLocations, fetchProvenances } from './api';

export interface FilterOptions {
  documentTypes: readonly CodeDesc[];
  provenances: readonly CodeDesc[];
  locations: readonly CodeDesc[];
}

const NONE: FilterOptions = { documentTypes: [], provenances: [], locations: [] };

function orEmpty(load: () => Promise<CodeDesc[]>): Promise<CodeDesc[]> {
  return load().catch((error: unknown) => {
    console.warn('Filter values not loaded', error);
    return [];
  });
}

export function useFilterOptions(patientId: number | null): FilterOptions {
  const [options, setOptions] = useState<FilterOptions>(NONE);
  useEffect(() => {
    if (patientId === null) return;
    let active = true;
    void Promise.all([
      orEmpty(() => fetchDocumentTypes(patientId)),
      orEmpty(fetchProvenances),
      orEmpty(fetchLocations),
    ]).then(([documentTypes, provenances, locations]) => {
      if (active) setOptions({ documentTypes, provenances, locations });
    });
    return () => {
      active = false;
    };
  }, [patientId]);
  return options;
}

export function descriptionOf(options: readonly CodeDesc[], code: string): string {
  return options.find((option) => option.code === code)?.desc ?? code;
}
