import { useEffect, useRef } from 'react';

/** Restore and move progress is polled every 5 s while the row is on screen. */
export const POLL_INTERVAL_MS = 5000;

/** Calls `tick` every `intervalMs` while `active`; stops when the component unmounts. */
export function usePolling(active: boolean, tick: () => Promise<void>, intervalMs = POLL_INTERVAL_MS): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      void latest.current().catch((error: unknown) => console.warn('Polling failed', error));
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
}

/** True once the element has been on screen (always true where IntersectionObserver is missing). */
export function observeOnce(element: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => undefined;
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      onVisible();
    }
  });
  observer.observe(element);
  return () => observer.disconnect();
}
