/**
 * `npm run size:floor`: what the frameworks alone weigh on a first screen, built as the portal is built (the same
 * Vite, React plugin and Ionic tree-shaking), gzipped at level 9 like `npm run size`. Two pages, no code of the
 * portal:
 * - one page: React + Ionic, a header, a toolbar and a button (the yardstick for the first screen's weight);
 * - tab shell: the portal's first screen drawn with the frameworks alone (build/size-floor/tab-shell.tsx).
 * What the portal's first screen weighs above the second is the portal's own code and its libraries.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { manualPureFunctions, moduleSideEffects } from './ionic-treeshake';
import { ionicPureClasses } from './vite-ionic-pure-classes';

const PAGES = [
  { label: 'React + Ionic, one page (header, toolbar, button)', entry: 'one-page.tsx' },
  {
    label: 'Frameworks of the first screen (router, split pane, tabs, Home’s components)',
    entry: 'tab-shell.tsx',
  },
];

/** The gzip size of every JS file the build wrote (the floor has no lazy chunk worth leaving out). */
async function builtSize(entry: string): Promise<{ files: number; gzip: number }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'size-floor-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root: import.meta.dirname,
      plugins: [react(), ionicPureClasses()],
      build: {
        target: 'es2022',
        outDir,
        emptyOutDir: true,
        rolldownOptions: {
          input: path.join(import.meta.dirname, 'size-floor', entry),
          treeshake: { moduleSideEffects, manualPureFunctions },
        },
      },
    });
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    const gzip = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length,
      0,
    );
    return { files: files.length, gzip };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

for (const page of PAGES) {
  const { files, gzip } = await builtSize(page.entry);
  console.log(`${page.label.padEnd(80)} ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip (${files} files)`);
}
