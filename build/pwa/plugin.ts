/**
 * The portal's web app manifest and service worker (vite-plugin-pwa, Workbox `generateSW`).
 * vite.config.ts spreads `pwaPlugin()` into its plugins; registration happens in src/pwa/register.ts.
 *
 * Service-worker decisions:
 * - Only the shell is precached: html, icons, fonts, manifest, and of the built JS and CSS the bootstrap,
 *   the portal's start (React, Ionic, the router) and the shell's part of each language catalogue (`shellAssets` below). A screen's
 *   code is cached by the worker when it is first fetched (`/assets/`, cache first: the names carry a content
 *   hash), so a screen used once opens offline; on an unmetered connection the app fetches the other screens while
 *   idle (src/app/preload.ts), on a metered or Save-Data one it does not. Navigations fall back to the precached
 *   index.html, except server-owned paths.
 * - `skipWaiting` stays off: a new worker waits until the user presses "Aggiorna" (src/pwa/pwa-status.tsx), which
 *   posts SKIP_WAITING (generateSW adds the listener) and reloads once the new worker controls the page. An automatic
 *   takeover would delete the old precache (`cleanupOutdatedCaches`) under a page still running the old build, whose
 *   lazy route chunks then 404 against the new server, and could reload a user in the middle of a form.
 * - `clientsClaim` is on, so the first install controls the already open page at once (no reload needed to be
 *   offline-ready); it does not affect updates, which still wait.
 * - No API reply is ever cached here: /api/, /idp/ and /fhir/ are NetworkOnly. Per-user data caches belong to the
 *   features and are deleted at logout by clearOfflineData().
 * - /config.json is NetworkFirst with a 3 s timeout: fresh when online, from cache when offline, so the app boots.
 */

import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaHeadTags } from './head-tags';
import { manifest, serverOwnedPaths } from './manifest';
import { screenFiles, shellFiles } from './shell-files';

/**
 * The screens' runtime cache is named per build, and the new worker deletes the older builds' ones when it takes
 * over (after "Aggiorna"), which bounds it without Workbox's expiration plugin: that one keeps its bookkeeping in
 * an IndexedDB database of its own, which a logout must not leave behind (spec: logout clears IndexedDB).
 */
const SCREENS_CACHE = `screens-${Date.now().toString(36)}`;
const CLEANUP_SCRIPT = 'sw-cleanup.js';
/** The screens' files, for the app's background prefetching (src/app/preload.ts). */
const SCREENS_LIST = 'screens.json';

export function pwaPlugin(): PluginOption[] {
  let shell = new Set<string>();
  const collectShell: Plugin = {
    name: 'portal-pwa-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell = shellFiles(bundle);
      this.emitFile({
        type: 'asset',
        fileName: SCREENS_LIST,
        source: JSON.stringify(screenFiles(bundle, shell)),
      });
      this.emitFile({
        type: 'asset',
        fileName: CLEANUP_SCRIPT,
        source: `self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key.startsWith('screens-') && key !== ${JSON.stringify(SCREENS_CACHE)}).map((key) => caches.delete(key)),
  )));
});
`,
      });
    },
  };
  return [
    collectShell,
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      registerType: 'prompt',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // public/ (favicons, icons) is copied into dist and precached by globPatterns; the plugin adds the manifest.
      includeAssets: [],
      includeManifestIcons: false,
      manifest,
      devOptions: { enabled: false },
      workbox: {
        globPatterns: ['**/*.{html,js,mjs,css,woff2,woff,ttf,png,svg,ico,webp}'],
        // Built JS and CSS outside the shell are left to the runtime cache below.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter(
              (entry) => !/^assets\/.*\.(js|mjs|css)$/.test(entry.url) || shell.has(entry.url),
            ),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverOwnedPaths,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        sourcemap: false,
        // Web Push (show the notification, refresh counts, open the screen on tap): public/push-sw.js.
        importScripts: ['push-sw.js', CLEANUP_SCRIPT],
        runtimeCaching: [
          {
            // A screen's code, kept once fetched (content-hashed names never change); see SCREENS_CACHE.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: SCREENS_CACHE, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'runtime-config',
              networkTimeoutSeconds: 3,
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Patient data and tokens: never stored by the service worker.
            urlPattern: ({ sameOrigin, url }) =>
              sameOrigin && /^\/(api|idp|fhir)(\/|$)|^\/(healthz|readyz)$/.test(url.pathname),
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
    pwaHeadTags(),
  ];
}
