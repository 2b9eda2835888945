/**
 * The patient's newest record archive when it is ready to download, for the home's "what waits" list: the
 * export screen's own read (`GET /exports`, one key), following the same live topic. Nothing while it loads
 * or when it fails: the line is a reminder, the screen says the rest.
 */
import { useCallback } from 'react';
import { exportsKey, fetchExports } from '../../api/exports';
import { useLoader } from '../../api/use-loader';
import type { ExportList, RecordExport } from '../../contract/export';

const TOPICS = ['exports'] as const;
const NONE: ExportList = { exports: [] };

export function useReadyExport(patientId: number | null): {
  ready: RecordExport | null;
  reload: () => Promise<void>;
} {
  const load = useCallback(
    (): Promise<ExportList> => (patientId === null ? Promise.resolve(NONE) : fetchExports(patientId)),
    [patientId],
  );
  const { state, reload } = useLoader(load, {
    key: patientId === null ? undefined : exportsKey(patientId),
    enabled: patientId !== null,
    keepOnError: true,
    liveTopics: TOPICS,
  });
  const newest = state.status === 'ready' ? state.value.exports[0] : undefined;
  return { ready: newest?.state === 'ready' ? newest : null, reload };
}
