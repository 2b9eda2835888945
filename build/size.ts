/**
 * `npm run size` (after `npm run build`): what the first screen downloads, gzipped at level 9.
 * The bootstrap (src/main.tsx) is the entry chunk and its static imports: all a first visit without a session
 * runs before the redirect to the login page. The portal's first screen adds the portal's start (src/app/start.tsx,
 * React, Ionic, the router, the shell) and what it imports statically, the Italian catalogue's shell and Home
 * parts and the patient's Home screen, each with what it imports statically. The budget applies to that first screen.
 * Reads dist/.vite/manifest.json (`build.manifest`); without it, the module-preload links of index.html (the
 * bootstrap only). Fails only when there is no build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const BUDGET_KB = 170;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Measured {
  file: string;
  raw: number;
  gzip: number;
}

function measure(file: string): Measured {
  const content = readFileSync(path.join(dist, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

function attributeValues(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].flatMap((match) => (match[1] ? [match[1].replace(/^\//, '')] : []));
}

function fromHtml(html: string): { js: string[]; css: string[] } {
  const js = [
    ...attributeValues(html, /<script[^>]*type=["']module["'][^>]*src=["']([^"']+)["']/g),
    ...attributeValues(html, /<link[^>]*rel=["']modulepreload["'][^>]*href=["']([^"']+)["']/g),
  ];
  const css = attributeValues(html, /<link[^>]*rel=["']stylesheet["'][^>]*href=["']([^"']+)["']/g);
  return { js, css };
}

/** The files of these manifest keys and of everything they import statically (dynamic imports excluded). */
function closure(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const js: string[] = [];
  const css: string[] = [];
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

const entryKeys = (manifest: Manifest): string[] =>
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);

/**
 * The portal's first screen for a patient: the bootstrap, the portal's start, Home, and the Italian catalogue's
 * parts they load: the shell's and Home's (build/vite-lingui-areas.ts).
 */
const FIRST_SCREEN_MODULES = [
  'src/app/start.tsx',
  'lingui-areas/it/shell',
  'src/features/home/home-page.tsx',
  'lingui-areas/it/home',
];

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? allFiles(full) : [path.relative(dist, full)];
  });
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1).padStart(8);

function table(title: string, rows: Measured[]): { raw: number; gzip: number } {
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  const width = Math.max(title.length, ...rows.map((row) => row.file.length), 5);
  console.log(`\n${title.padEnd(width)}   raw KB  gzip KB`);
  for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${row.file.padEnd(width)} ${kb(row.raw)} ${kb(row.gzip)}`);
  }
  console.log(`${'total'.padEnd(width)} ${kb(raw)} ${kb(gzip)}`);
  return { raw, gzip };
}

function main(): number {
  const indexPath = path.join(dist, 'index.html');
  if (!existsSync(indexPath)) {
    console.error(`No build at ${dist}: run \`npm run build\` first.`);
    return 1;
  }
  const html = readFileSync(indexPath, 'utf8');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  const fromHtmlFiles = fromHtml(html);
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : null;
  if (!manifest) console.log('(no dist/.vite/manifest.json: chunks read from index.html, bootstrap only)');
  const present = (files: string[]): string[] =>
    [...new Set(files)].filter((file) => existsSync(path.join(dist, file)));

  const boot = manifest ? closure(manifest, entryKeys(manifest)) : fromHtmlFiles;
  const bootJs = table(
    'Bootstrap JavaScript (first visit, until the login redirect)',
    present(boot.js).map(measure),
  );
  const first = manifest
    ? closure(manifest, [...entryKeys(manifest), ...FIRST_SCREEN_MODULES.filter((key) => key in manifest)])
    : fromHtmlFiles;
  const firstJs = present(first.js);
  const firstCss = present([...first.css, ...fromHtmlFiles.css]);
  const js = table(
    'First screen JavaScript (bootstrap + portal start + catalogue + Home)',
    firstJs.map(measure),
  );
  const css = table('First screen CSS', firstCss.map(measure));

  const everyJs = allFiles(dist).filter((file) => file.endsWith('.js'));
  const isWorker = (file: string): boolean => /^(sw|workbox-[\w-]+)\.js$/.test(file);
  const appJs = everyJs.filter((file) => !isWorker(file)).map(measure);
  const workerJs = everyJs.filter(isWorker).map(measure);
  const sum = (rows: Measured[], key: 'raw' | 'gzip'): number =>
    rows.reduce((total, row) => total + row[key], 0);

  console.log('\nSummary (KB)                               raw     gzip');
  console.log(`Bootstrap JS (${boot.js.length} files)`.padEnd(40), kb(bootJs.raw), kb(bootJs.gzip));
  console.log(`First screen JS (${firstJs.length} files)`.padEnd(40), kb(js.raw), kb(js.gzip));
  console.log(`First screen CSS (${firstCss.length} files)`.padEnd(40), kb(css.raw), kb(css.gzip));
  console.log(
    `All application JS (${appJs.length} files)`.padEnd(40),
    kb(sum(appJs, 'raw')),
    kb(sum(appJs, 'gzip')),
  );
  console.log(
    `Service worker JS (${workerJs.length} files)`.padEnd(40),
    kb(sum(workerJs, 'raw')),
    kb(sum(workerJs, 'gzip')),
  );
  const verdict = js.gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\nFirst screen JS: ${(js.gzip / 1024).toFixed(1)} KB gzip, ${verdict} the ${BUDGET_KB} KB budget.`,
  );
  return 0;
}

process.exitCode = main();
