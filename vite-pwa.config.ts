/**
 * The portal's web app manifest and service worker (vite-plugin-pwa, Workbox `generateSW`).
 * vite.config.ts spreads `pwaPlugin()` into its plugins; registration happens in src/pwa/register.ts.
 *
 * Service-worker decisions:
 * - Only the shell is precached (issue 16): html, icons, fonts, manifest, and of the built JS and CSS the bootstrap,
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
 * - No API reply is ever cached here: /api/ and /idp/ are NetworkOnly. Per-user data caches belong to the features
 *   and are deleted at logout by clearOfflineData().
 * - /config.json is NetworkFirst with a 3 s timeout: fresh when online, from cache when offline, so the app boots.
 */

import type { OutputBundle } from 'rolldown';
import type { Plugin, PluginOption } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { VitePWA } from 'vite-plugin-pwa';

export const themeColor = '#0f766e';

/** Paths the server answers itself: never replaced by the app shell on navigation. */
export const serverOwnedPaths: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/idp(\/|$)/,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/config\.json$/,
  /^\/silent-check\.html$/,
  // The DICOM viewer is a page of its own, opened with a grant: never the portal's shell.
  /^\/viewer(\/|$)/,
  // The demo's SMS outbox page, rendered by the server.
  /^\/dev(\/|$)/,
  // The demo's stand-in for a hospital application that launches the portal (context sharing).
  /^\/demo\/launcher/,
];

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Dossier Sanitario',
  short_name: 'Dossier',
  description:
    'Il tuo dossier sanitario: documenti clinici, referti, consensi, richieste e piani di cura, ' +
    'sempre con te su smartphone, tablet e computer.',
  lang: 'it',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: themeColor,
  background_color: '#ffffff',
  categories: ['medical', 'health'],
  prefer_related_applications: false,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};

/** Head tags for icons and theme colour, added to index.html only when the page does not declare them itself. */
function pwaHeadTags(): Plugin {
  const tags = [
    {
      test: /<meta[^>]+name=["']theme-color["']/i,
      attrs: { name: 'theme-color', content: themeColor },
      tag: 'meta',
    },
    {
      test: /<link[^>]+rel=["']icon["']/i,
      attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      tag: 'link',
    },
    {
      test: /<link[^>]+rel=["']apple-touch-icon["']/i,
      attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png', sizes: '180x180' },
      tag: 'link',
    },
  ];
  return {
    name: 'portal-pwa-head-tags',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        tags
          .filter(({ test }) => !test.test(html))
          .map(({ tag, attrs }) => ({ tag, attrs, injectTo: 'head' as const })),
    },
  };
}

/** The module whose chunk (and what it imports) starts the portal after the bootstrap: part of the shell. */
const SHELL_MODULES = [
  /\/src\/app\/start\.tsx$/,
  /^\0lingui-areas\/[a-z]+\/shell$/,
  // The identity library, loaded after the first screen: renewal and logout must work offline too.
  /\/src\/auth\/oidc-manager\.ts$/,
  // The side menu and the back button, mounted after the first screen: the shell's all the same, offline too.
  /\/src\/app\/side-menu\.tsx$/,
  /\/src\/ui\/ionic\/back-button\.tsx$/,
];

/**
 * The JS and CSS files of the shell, read from the bundle: the entry chunks, the chunks of SHELL_MODULES, and
 * everything they import statically, with their CSS. Filled in `generateBundle`, read when the worker is generated.
 */
function shellFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string): void => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk') continue;
    const id = chunk.facadeModuleId ?? '';
    if (chunk.isEntry || SHELL_MODULES.some((pattern) => pattern.test(id))) visit(fileName);
  }
  return files;
}

/**
 * The screens' runtime cache is named per build, and the new worker deletes the older builds' ones when it takes
 * over (after "Aggiorna"), which bounds it without Workbox's expiration plugin: that one keeps its bookkeeping in
 * an IndexedDB database of its own, which a logout must not leave behind (spec: logout clears IndexedDB).
 */
const SCREENS_CACHE = `screens-${Date.now().toString(36)}`;
const CLEANUP_SCRIPT = 'sw-cleanup.js';
/** The screens' files, for the app's background prefetching (src/app/preload.ts). */
const SCREENS_LIST = 'screens.json';

/** JS and CSS outside the shell, but the whole-catalogue fallbacks (scripts/vite-lingui-areas.ts). */
function screenFiles(bundle: OutputBundle, shell: Set<string>): string[] {
  const files = new Set<string>();
  for (const [fileName, chunk] of Object.entries(bundle)) {
    if (chunk.type !== 'chunk' || shell.has(fileName)) continue;
    if (/^\0lingui-areas\/[a-z]+\/all$/.test(chunk.facadeModuleId ?? '')) continue;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!shell.has(css)) files.add(css);
  }
  return [...files].sort();
}

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
              sameOrigin && /^\/(api|idp)(\/|$)|^\/(healthz|readyz)$/.test(url.pathname),
            handler: 'NetworkOnly',
          },
        ],
      },
    }),
    pwaHeadTags(),
  ];
}
