/**
 * A paged patient list that grows as the user scrolls, reloads on filters and pull to refresh, and
 * toggles favourites optimistically (rolled back when the server refuses).
 */
import { useCallback } from 'react';
import type { Page, PagedLoaderControl } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { PatientSummary } from '../../contract/patient';
import type { PatientFilters } from './api';
import { fetchPatientPage, saveFavorite } from './api';
import { withFavorite, withoutPatient, withPatientAt } from './favorites';

export interface PatientListControl extends PagedLoaderControl<PatientSummary, Page<PatientSummary>> {
  /** Sets the star; resolves false when the server refused and the change was undone. */
  setFavorite: (patient: PatientSummary, favorite: boolean) => Promise<boolean>;
  /** Removes a favourite from the list; `restore` puts it back (undo). */
  removeFavorite: (patient: PatientSummary) => Promise<{ ok: boolean; restore: () => Promise<void> }>;
}

export function usePatientList(filters: PatientFilters): PatientListControl {
  const { name, surname, fiscalCode, favorites, projectId, participation } = filters;
  const loadPage = useCallback(
    async ({ page }: { page: number }): Promise<Page<PatientSummary>> => {
      const list = await fetchPatientPage(page, {
        name,
        surname,
        fiscalCode,
        favorites,
        projectId,
        participation,
      });
      return { items: list.patients, total: list.paging.totalCount, more: page < list.paging.totalPage };
    },
    [name, surname, fiscalCode, favorites, projectId, participation],
  );
  const list = usePagedLoader<PatientSummary>(loadPage, {
    keyOf: (patient) => patient.mepiId,
  });
  const { update } = list;
  const setPatients = useCallback(
    (change: (patients: readonly PatientSummary[]) => PatientSummary[]): void =>
      update((value) => ({ ...value, items: change(value.items) })),
    [update],
  );
  const addToCount = useCallback(
    (delta: number): void => update((value) => ({ ...value, total: Math.max(0, value.total + delta) })),
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

  return { ...list, setFavorite, removeFavorite };
}
