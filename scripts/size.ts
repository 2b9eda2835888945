/**
 * `npm run size` (after `npm run build`): what the first screen downloads, gzipped at level 9.
 * First screen = the entry chunk, every chunk it imports statically (recursively; dynamic imports are excluded)
 * and the CSS index.html links. Reads dist/.vite/manifest.json when `build.manifest` is on, otherwise the
 * module-preload links Vite writes into index.html (the same closure). Fails only when there is no build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const BUDGET_KB = 170;

interface ManifestChunk {
  file: string;
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

function fromManifest(manifest: Manifest): { js: string[]; css: string[] } {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
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
  for (const [key] of entries) visit(key);
  return { js, css };
}

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
  const source = existsSync(manifestPath)
    ? fromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : fromHtmlFiles;
  if (!existsSync(manifestPath)) console.log('(no dist/.vite/manifest.json: chunks read from index.html)');

  const firstJs = [...new Set(source.js)].filter((file) => existsSync(path.join(dist, file)));
  const firstCss = [...new Set([...source.css, ...fromHtmlFiles.css])].filter((file) =>
    existsSync(path.join(dist, file)),
  );
  const js = table('First screen JavaScript', firstJs.map(measure));
  const css = table('First screen CSS', firstCss.map(measure));

  const everyJs = allFiles(dist).filter((file) => file.endsWith('.js'));
  const isWorker = (file: string): boolean => /^(sw|workbox-[\w-]+)\.js$/.test(file);
  const appJs = everyJs.filter((file) => !isWorker(file)).map(measure);
  const workerJs = everyJs.filter(isWorker).map(measure);
  const sum = (rows: Measured[], key: 'raw' | 'gzip'): number =>
    rows.reduce((total, row) => total + row[key], 0);

  console.log('\nSummary (KB)                               raw     gzip');
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
