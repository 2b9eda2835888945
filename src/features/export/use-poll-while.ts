import { useEffect } from 'react';

/** Every few seconds while the job runs: the live topic says when it moves, this covers a channel that is down. */
export const EXPORT_POLL_MS = 4000;

/** Calls `refresh` every `everyMs` while `active`, and not while the tab is hidden. */
export function usePollWhile(active: boolean, refresh: () => unknown, everyMs = EXPORT_POLL_MS): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [active, refresh, everyMs]);
}
