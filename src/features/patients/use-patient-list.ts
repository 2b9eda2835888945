/**
 * A paged patient list that grows as the user scrolls, reloads on filters and pull to refresh, and
 * toggles favourites optimistically (rolled back when the server refuses).
 */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { PatientSummary } from '../../contract/patient';
import type { PatientFilters } from './api';
import { fetchPatientPage, saveFavorite } from './api';
import { withFavorite, withoutPatient, withPatientAt } from './favorites';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface PatientListState {
  status: ListStatus;
  reason: MessageDescriptor | null;
  patients: PatientSummary[];
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
  const [status, setStatus] = useState<ListStatus>('loading');
  const [reason, setReason] = useState<MessageDescriptor | null>(null);
  const [patients, setPatients] = useState<PatientSummary[]>([]);
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);
  const [totalCount, setTotalCount] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const { name, surname, fiscalCode, favorites } = filters;

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const list = await fetchPatientPage(1, { name, surname, fiscalCode, favorites });
      if (mine !== generation.current) return;
      setPatients(list.patients);
      setPage(1);
      setTotalPages(list.paging.totalPage);
      setTotalCount(list.paging.totalCount);
      setStatus('ready');
    } catch (error) {
      if (mine !== generation.current) return;
      setReason(failureMessage(error));
      setStatus('error');
    }
  }, [name, surname, fiscalCode, favorites]);

  useEffect(() => {
    setStatus('loading');
    void reload();
  }, [reload]);

  const hasMore = status === 'ready' && page < totalPages;
  const loadMore = useCallback(async (): Promise<void> => {
    if (!hasMore || loadingMore) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const list = await fetchPatientPage(page + 1, { name, surname, fiscalCode, favorites });
      if (mine !== generation.current) return;
      setPatients((current) => [
        ...current,
        ...list.patients.filter((patient) => !current.some((item) => item.mepiId === patient.mepiId)),
      ]);
      setPage(page + 1);
      setTotalPages(list.paging.totalPage);
    } catch {
      // The client already showed the error toast; the user can scroll again to retry.
    } finally {
      setLoadingMore(false);
    }
  }, [hasMore, loadingMore, page, name, surname, fiscalCode, favorites]);

  const setFavorite = useCallback(async (patient: PatientSummary, favorite: boolean): Promise<boolean> => {
    setPatients((current) => withFavorite(current, patient.mepiId, favorite));
    try {
      await saveFavorite(patient.mepiId, favorite);
      return true;
    } catch {
      setPatients((current) => withFavorite(current, patient.mepiId, !favorite));
      return false;
    }
  }, []);

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
        setTotalCount((count) => count + 1);
        try {
          await saveFavorite(patient.mepiId, true);
        } catch {
          setTotalCount((count) => Math.max(0, count - 1));
          setPatients((current) => withoutPatient(current, patient.mepiId));
        }
      };
      try {
        await saveFavorite(patient.mepiId, false);
        setTotalCount((count) => Math.max(0, count - 1));
        return { ok: true, restore };
      } catch {
        putBack();
        return { ok: false, restore };
      }
    },
    [],
  );

  return {
    status,
    reason,
    patients,
    totalCount,
    hasMore,
    loadingMore,
    reload,
    loadMore,
    setFavorite,
    removeFavorite,
  };
}
