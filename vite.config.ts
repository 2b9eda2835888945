/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { manualPureFunctions, moduleSideEffects } from './build/ionic-treeshake';
import { pwaPlugin } from './build/pwa/plugin';
import { ionicPureClasses } from './build/vite-ionic-pure-classes';
import { ionicons } from './build/vite-ionicons';
import { linguiAreas } from './build/vite-lingui-areas';
import packageJson from './package.json' with { type: 'json' };

/** The API, the identity provider and the runtime configuration live on the server (port 8080). */
const SERVER = process.env.PORTAL_SERVER ?? 'http://localhost:8080';

/**
 * Long-lived vendor chunks, so a release of the portal does not invalidate them. Ionic is left to the
 * bundler: a group would also pull the components that only lazy screens use into the first load.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run)[\\/]/,
  },
  { name: 'oidc', test: /node_modules[\\/](oidc-client-ts|jwt-decode)[\\/]/ },
];

export default defineConfig(({ mode }) => ({
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  plugins: [
    react(),
    // Babel runs only on the files that import a Lingui macro (the preset's filter), not on every module.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnCompileError: true }),
    // The catalogue split by area: the shell's messages at start, a feature's with its screens.
    linguiAreas(fileURLToPath(new URL('./src/i18n/i18n.ts', import.meta.url))),
    // One module per icon, so an icon travels with the screens that show it.
    ionicons(),
    // @ionic/react's unused class components (the back button) out of the first screen.
    ionicPureClasses(),
    ...pwaPlugin(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/idp': SERVER,
      '/config.json': SERVER,
      '/dev': SERVER,
    },
  },
  preview: {
    proxy: {
      '/api': SERVER,
      '/idp': SERVER,
      '/config.json': SERVER,
      '/dev': SERVER,
    },
  },
  // Tests (jsdom) resolve packages the browser way, as the build does (with `test.server.deps` below).
  resolve: mode === 'test' ? { conditions: ['browser', 'module', 'import', 'default'] } : {},
  test: {
    // Component tests (jsdom): Ionic's React wrappers must get @lit/react's browser build, whose
    // elements listen to their events (`onIonChange`…); Node's resolution would pick its SSR build.
    server: { deps: { inline: [/@ionic[\\/]react/, /@stencil[\\/]react-output-target/, /@lit[\\/]react/] } },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph `npm run size` reads (what each start path downloads).
    manifest: true,
    // The Ionic runtime of the shell is one chunk of ~600 kB (~130 kB gzip) whatever the split.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Only the Ionic components the portal imports (build/ionic-treeshake.ts).
      treeshake: { moduleSideEffects, manualPureFunctions },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
}));
