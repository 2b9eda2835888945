/**
 * Brotli and gzip copies of the built portal's text files (`npm run build` runs it after vite build), so the
 * server sends them precompressed (serveStatic `precompressed`: `.br`, else `.gz`, by Accept-Encoding, with
 * Vary) instead of gzipping the same bundles on every request. Brotli at its best quality: done once.
 * Run: tsx build/precompress.ts [folder] (default dist, or STATIC_DIR).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text types worth it; images, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;
/** Below this the reply fits in a packet or two anyway (the API's compression threshold, too). */
const MIN_BYTES = 1024;

const root = path.resolve(process.argv[2] ?? process.env.STATIC_DIR ?? 'dist');

function* files(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let original = 0;
let brotli = 0;
let count = 0;
for (const file of files(root)) {
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A copy that saves little is not worth a second file to keep in step.
  if (br.length < size * 0.9) writeFileSync(`${file}.br`, br);
  if (gz.length < size * 0.9) writeFileSync(`${file}.gz`, gz);
  original += size;
  brotli += Math.min(size, br.length);
  count++;
}
console.log(
  `precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}: ${(original / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB brotli`,
);
