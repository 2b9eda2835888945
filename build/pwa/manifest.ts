/** The web app manifest of the portal and the paths its service worker leaves to the server. */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const themeColor = '#0f766e';

/** Paths the server answers itself: never replaced by the app shell on navigation. */
export const serverOwnedPaths: RegExp[] = [
  /^\/api(\/|$)/,
  /^\/idp(\/|$)/,
  // The FHIR endpoint (the IPS patient summary), served beside the API.
  /^\/fhir(\/|$)/,
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
