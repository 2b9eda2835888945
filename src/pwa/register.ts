/**
 * Service worker registration with workbox-window. workbox-window is loaded on demand, after the first screen,
 * so it does not weigh on the entry chunk. The atoms the UI reads are re-exported here.
 */
import { connectWorkbox } from './sw-update';

export { offlineAtom } from './offline';
export { applyUpdate, needRefreshAtom } from './sw-update';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * The runtime configuration the bootstrap fetched before the first worker took control did not pass through it,
 * so it is not cached yet: fetch it once more through the worker, so the next start works offline.
 */
function warmRuntimeConfig(): void {
  fetch(`${import.meta.env.BASE_URL}config.json`, { credentials: 'same-origin' }).catch(() => undefined);
}

/** Registers /sw.js (production builds only) and wires the update prompt. Never throws. */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const controlledAtStart = navigator.serviceWorker.controller !== null;
  import('workbox-window')
    .then(async ({ Workbox }) => {
      const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
      connectWorkbox(workbox);
      if (!controlledAtStart) void workbox.controlling.then(warmRuntimeConfig);
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
