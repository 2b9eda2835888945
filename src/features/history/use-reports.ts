/** The patient's reports of accesses: loaded beside the history, one sheet open at a time. */
import { msg } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorReplyOf } from '../../api/error-report';
import type { Dispute } from '../../contract/disputes';
import type { TreatmentHistoryItem } from '../../contract/documents';
import { showToast } from '../../ui/toasts';
import { fetchMyDisputes, reportAccess } from './api';

export interface ReportsControl {
  byAudit: ReadonlyMap<number, Dispute>;
  reporting: TreatmentHistoryItem | null;
  open: (item: TreatmentHistoryItem) => void;
  close: () => void;
  report: (item: TreatmentHistoryItem, comment: string) => Promise<void>;
}

export function useReports(enabled: boolean): ReportsControl {
  const [disputes, setDisputes] = useState<readonly Dispute[]>([]);
  const [reporting, setReporting] = useState<TreatmentHistoryItem | null>(null);

  const load = useCallback(async () => {
    if (!enabled) return;
    // Quiet: without the reports the history still reads; the buttons come back on the next load.
    const mine = await fetchMyDisputes().catch(() => null);
    if (mine) setDisputes(mine.disputes);
  }, [enabled]);
  useEffect(() => {
    void load();
  }, [load]);

  const byAudit = useMemo(() => new Map(disputes.map((dispute) => [dispute.auditId, dispute])), [disputes]);
  const report = useCallback(
    async (item: TreatmentHistoryItem, comment: string) => {
      let made: Dispute;
      try {
        made = await reportAccess({ auditId: item.id, ...(comment ? { comment } : {}) });
      } catch (failure) {
        // Reported meanwhile (another device): show that report rather than an error.
        if (errorReplyOf(failure)?.code !== 'DISPUTE_EXISTS') throw failure;
        setReporting(null);
        await load();
        return;
      }
      setDisputes((current) => [made, ...current.filter((dispute) => dispute.auditId !== made.auditId)]);
      setReporting(null);
      showToast('success', msg`Segnalazione inviata al responsabile della privacy.`);
    },
    [load],
  );
  return { byAudit, reporting, open: setReporting, close: () => setReporting(null), report };
}
