/**
 * Service worker registration with workbox-window. workbox-window is loaded on demand, after the first screen,
 * so it does not weigh on the entry chunk. The atoms the UI reads are re-exported here.
 */
import { connectWorkbox } from './sw-update';

export { offlineAtom } from './offline';
export { applyUpdate, needRefreshAtom } from './sw-update';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * What the page fetched before the first worker took control did not pass through it, so it is not cached yet:
 * the runtime configuration, and the code of the screens opened so far (the worker precaches only the shell and
 * keeps a screen's code when it passes through it). Fetch them once more through the worker, so the next start
 * works offline on the screen the user was on.
 */
function warmCaches(): void {
  const base = import.meta.env.BASE_URL;
  fetch(`${base}config.json`, { credentials: 'same-origin' }).catch(() => undefined);
  const assets = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith(`${base}assets/`))
      .map((url) => url.href),
  );
  for (const href of assets) fetch(href, { credentials: 'same-origin' }).catch(() => undefined);
}

/** Registers /sw.js (production builds only) and wires the update prompt. Never throws. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const controlledAtStart = navigator.serviceWorker.controller !== null;
  import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
      connectWorkbox(workbox);
      if (!controlledAtStart) void workbox.controlling.then(warmCaches);
      await workbox.register();
      window.setInterval(() => {
        if (navigator.onLine && document.visibilityState === 'visible')
          workbox.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    })
    .catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
}
