/**
 * Background fetching of the screens a user has not opened yet, so later navigations (and offline use: the service
 * worker keeps what passes through it) do not wait. Only on a connection that is neither metered nor in Save-Data
 * mode. The files are only fetched (`<link rel="prefetch">`, listed in /screens.json by
 * build/pwa/plugin.ts), not run: running every screen's code at idle cost a phone seconds of blocked main thread
 * after the first screen. A screen's code runs when the screen is opened.
 */

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
/** Files fetched at the same time: the screen in use keeps most of the link. */
const PARALLEL = 2;

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
  else window.setTimeout(task, 200);
}

/** Fetches one file into the caches (the service worker's screen cache, else the HTTP cache); never fails. */
export function prefetch(href: string, document: Document = window.document): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // The request mode of a module script's `import()`, so the cached reply serves it.
    link.crossOrigin = 'anonymous';
    link.onload = link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
}

async function screenFiles(): Promise<string[]> {
  const response = await fetch('/screens.json');
  if (!response.ok) return [];
  const files: unknown = await response.json();
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}

/** Starts the background fetching (once, a few seconds after the first screen); failures are left to navigation. */
let started = false;

export function preloadPages(): void {
  if (started) return; // StrictMode runs effects twice
  started = true;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  const finePointer = window.matchMedia?.('(pointer: fine)').matches ?? false;
  if (!mayPrefetch(connection, finePointer)) return;
  window.setTimeout(
    () =>
      whenIdle(() => {
        void screenFiles()
          .then((files) => {
            const queue = files.map((file) => `/${file}`);
            const next = (): void => {
              const href = queue.shift();
              if (href) void prefetch(href).then(() => whenIdle(next));
            };
            for (let lane = 0; lane < PARALLEL; lane++) next();
          })
          .catch(() => undefined);
      }),
    START_DELAY_MS,
  );
}
