/**
 * Background loading of the screens a user has not opened yet, so later navigations (and offline use: the service
 * worker keeps what passes through it) do not wait. Only on a connection that is neither metered nor in Save-Data
 * mode, and one screen per idle period, so the loading never blocks the screen in use (issue 16).
 */
import { pageLoaders } from './pages';

interface NetworkInformationLike {
  saveData?: boolean;
  type?: string;
  effectiveType?: string;
}

/**
 * True when prefetching is welcome. Browsers that tell (Chromium): not Save-Data, not cellular, a fast link.
 * Browsers that do not (Safari, Firefox): only a device with a fine pointer (a computer), since a phone may be on
 * a metered plan.
 */
export function mayPrefetch(connection: NetworkInformationLike | undefined, finePointer: boolean): boolean {
  if (!connection) return finePointer;
  if (connection.saveData) return false;
  if (connection.type === 'cellular') return false;
  return connection.effectiveType === undefined || connection.effectiveType === '4g';
}

const START_DELAY_MS = 3000;

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
  else window.setTimeout(task, 200);
}

/** Starts the background loading (once, a few seconds after the first screen); failures are left to navigation. */
let started = false;

export function preloadPages(): void {
  if (started) return; // StrictMode runs effects twice
  started = true;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  const finePointer = window.matchMedia?.('(pointer: fine)').matches ?? false;
  if (!mayPrefetch(connection, finePointer)) return;
  const queue = [...pageLoaders()];
  const next = (): void => {
    const load = queue.shift();
    if (!load) return;
    void load()
      .catch(() => undefined)
      .then(() => whenIdle(next));
  };
  window.setTimeout(() => whenIdle(next), START_DELAY_MS);
}
