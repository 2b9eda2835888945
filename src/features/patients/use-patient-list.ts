/**
 * A paged patient list that grows as the user scrolls, reloads on filters and pull to refresh, and
 * toggles favourites optimistically (rolled back when the server refuses).
 */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback } from 'react';
import type { Page } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { PatientSummary } from '../../contract/patient';
import type { PatientFilters } from './api';
import { fetchPatientPage, saveFavorite } from './api';
import { withFavorite, withoutPatient, withPatientAt } from './favorites';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface PatientListState {
  status: ListStatus;
  reason: MessageDescriptor | null;
  patients: readonly PatientSummary[];
  totalCount: number;
  hasMore: boolean;
  loadingMore: boolean;
  reload: () => Promise<void>;
  loadMore: () => Promise<void>;
  /** Sets the star; resolves false when the server refused and the change was undone. */
  setFavorite: (patient: PatientSummary, favorite: boolean) => Promise<boolean>;
  /** Removes a favourite from the list; `restore` puts it back (undo). */
  removeFavorite: (patient: PatientSummary) => Promise<{ ok: boolean; restore: () => Promise<void> }>;
}

export function usePatientList(filters: PatientFilters): PatientListState {
  const { name, surname, fiscalCode, favorites } = filters;
  const loadPage = useCallback(
    async ({ page }: { page: number }): Promise<Page<PatientSummary>> => {
      const list = await fetchPatientPage(page, { name, surname, fiscalCode, favorites });
      return { items: list.patients, total: list.paging.totalCount, more: page < list.paging.totalPage };
    },
    [name, surname, fiscalCode, favorites],
  );
  const { state, reload, update, loadMore, loadingMore, hasMore } = usePagedLoader<PatientSummary>(loadPage, {
    keyOf: (patient) => patient.mepiId,
  });
  const setPatients = useCallback(
    (change: (patients: readonly PatientSummary[]) => PatientSummary[]): void =>
      update((list) => ({ ...list, items: change(list.items) })),
    [update],
  );
  const addToCount = useCallback(
    (delta: number): void => update((list) => ({ ...list, total: Math.max(0, list.total + delta) })),
    [update],
  );

  const setFavorite = useCallback(
    async (patient: PatientSummary, favorite: boolean): Promise<boolean> => {
      setPatients((current) => withFavorite(current, patient.mepiId, favorite));
      try {
        await saveFavorite(patient.mepiId, favorite);
        return true;
      } catch {
        setPatients((current) => withFavorite(current, patient.mepiId, !favorite));
        return false;
      }
    },
    [setPatients],
  );

  const removeFavorite = useCallback(
    async (patient: PatientSummary): Promise<{ ok: boolean; restore: () => Promise<void> }> => {
      let index = -1;
      setPatients((current) => {
        index = current.findIndex((item) => item.mepiId === patient.mepiId);
        return withoutPatient(current, patient.mepiId);
      });
      const putBack = (): void => setPatients((current) => withPatientAt(current, patient, index));
      const restore = async (): Promise<void> => {
        putBack();
        addToCount(1);
        try {
          await saveFavorite(patient.mepiId, true);
        } catch {
          addToCount(-1);
          setPatients((current) => withoutPatient(current, patient.mepiId));
        }
      };
      try {
        await saveFavorite(patient.mepiId, false);
        addToCount(-1);
        return { ok: true, restore };
      } catch {
        putBack();
        return { ok: false, restore };
      }
    },
    [setPatients, addToCount],
  );

  return {
    status: state.status,
    reason: state.status === 'error' ? state.reason : null,
    patients: state.status === 'ready' ? state.value.items : [],
    totalCount: state.status === 'ready' ? state.value.total : 0,
    hasMore,
    loadingMore,
    reload,
    loadMore,
    setFavorite,
    removeFavorite,
  };
}
