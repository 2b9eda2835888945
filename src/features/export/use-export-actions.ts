/**
 * What the export screen does: prepare an archive (the job goes first in the list at once), download one
 * (the browser fetches the short-lived address itself: no Blob, however large the zip), and delete one
 * after the confirmation.
 */
import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import { errorReplyOf } from '../../api/error-report';
import type { ExportList, RecordExport } from '../../contract/export';
import { confirm } from '../../ui/confirm-dialog';
import { saveFromUrl } from '../../ui/save-file';
import { showToast } from '../../ui/toasts';
import { deleteExport, downloadAddress, prepareExport } from './api';
import { withJob, withoutJob } from './export-view';

export interface ExportActions {
  preparing: boolean;
  /** The archive whose download or deletion is under way, and which. */
  busy: { id: number; doing: 'download' | 'delete' } | null;
  prepare: () => Promise<void>;
  download: (job: RecordExport) => Promise<void>;
  remove: (job: RecordExport) => Promise<void>;
}

export function useExportActions(
  patientId: number,
  update: (change: (list: ExportList) => ExportList) => void,
  reload: () => Promise<void>,
): ExportActions {
  const [preparing, setPreparing] = useState(false);
  const [busy, setBusy] = useState<ExportActions['busy']>(null);

  const prepare = async (): Promise<void> => {
    setPreparing(true);
    try {
      const job = await prepareExport(patientId);
      update((list) => withJob(list, job));
    } catch (error) {
      // Else the toast said why.
      if (errorReplyOf(error)?.status === 429)
        showToast(
          'warning',
          msg`Per oggi hai già preparato troppi archivi: potrai prepararne un altro domani.`,
        );
    } finally {
      setPreparing(false);
    }
  };

  const download = async (job: RecordExport): Promise<void> => {
    setBusy({ id: job.id, doing: 'download' });
    try {
      saveFromUrl(await downloadAddress(job.id));
    } catch (error) {
      // Deleted or expired meanwhile (on another device, at the end of its week): the list as it is now.
      if (errorReplyOf(error)?.status === 404)
        showToast('warning', msg`Questo archivio non è più disponibile.`);
      await reload();
    } finally {
      setBusy(null);
    }
  };

  const remove = async (job: RecordExport): Promise<void> => {
    const yes = await confirm({
      header: msg`Eliminare l'archivio?`,
      message: msg`Il file non si potrà più scaricare. Potrai sempre prepararne uno nuovo.`,
      confirmLabel: msg`Elimina`,
      destructive: true,
    });
    if (!yes) return;
    setBusy({ id: job.id, doing: 'delete' });
    try {
      await deleteExport(job.id);
      update((list) => withoutJob(list, job.id));
      showToast('success', msg`Archivio eliminato`);
    } catch {
      await reload();
    } finally {
      setBusy(null);
    }
  };

  return { preparing, busy, prepare, download, remove };
}
