/** The dossier's filters, kept while the user opens a document and comes back (memory only). */
import { atom } from 'jotai';
import type { DossierFilters } from './filters';

export interface PatientFilters {
  patientId: number;
  filters: DossierFilters;
}

export const dossierFiltersAtom = atom<PatientFilters | null>(null);
