/**
 * Generates the portal's icons from one SVG mark: `public/favicon.svg`, `public/favicon.ico` and the PNGs in
 * `public/icons/`. Run once with `npm run icons` after changing the mark, then commit the output:
 * the build only copies these files and never needs a browser.
 *
 * PNGs are rendered by Debian's chromium (`/usr/bin/chromium`, or CHROMIUM_PATH) through Playwright, so the
 * rasteriser is the same engine that displays the SVG.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const teal = '#0f766e';

/** Folder (mint back, white front) with a teal heart; drawn in a 512 box, centred on (256, 266). */
const mark = [
  '<path fill="#5eead4" d="M112 168a24 24 0 0 1 24-24h82a24 24 0 0 1 17 7l25 25h116a24 24 0 0 1 24 24v164',
  'a24 24 0 0 1-24 24H136a24 24 0 0 1-24-24Z"/>',
  '<path fill="#ffffff" d="M112 216a8 8 0 0 1 8-8h272a8 8 0 0 1 8 8v148a24 24 0 0 1-24 24H136a24 24 0 0 1-24-24Z"/>',
  `<path fill="${teal}" d="M256 356c-4 0-62-36-62-78 0-21 15-36 34-36 12 0 22 7 28 17 6-10 16-17 28-17 19 0 34 15`,
  '34 36 0 42-58 78-62 78Z"/>',
].join(' ');

function placed(scale: number): string {
  return `<g transform="translate(256 256) scale(${scale}) translate(-256 -266)">${mark}</g>`;
}

const gradient = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d9488"/><stop offset="1" stop-color="${teal}"/></linearGradient></defs>`;

/** Rounded tile with transparent corners: favicon and `purpose: any` icons. */
const tileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img"><title>Dossier Sanitario</title>${gradient}<rect width="512" height="512" rx="112" fill="url(#bg)"/>${placed(1.08)}</svg>`;

/** Full-bleed square, mark inside the 80 % safe circle: `purpose: maskable` (the launcher crops it). */
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" fill="url(#bg)"/>${placed(0.9)}</svg>`;

/** Full-bleed square for iOS, which rounds the corners itself and paints transparency black. */
const appleSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" fill="url(#bg)"/>${placed(1)}</svg>`;

interface Target {
  file: string;
  svg: string;
  size: number;
}

const targets: Target[] = [
  { file: 'public/icons/icon-192.png', svg: tileSvg, size: 192 },
  { file: 'public/icons/icon-512.png', svg: tileSvg, size: 512 },
  { file: 'public/icons/maskable-192.png', svg: maskableSvg, size: 192 },
  { file: 'public/icons/maskable-512.png', svg: maskableSvg, size: 512 },
  { file: 'public/icons/apple-touch-icon-180.png', svg: appleSvg, size: 180 },
];

/** An ICO container holding PNG images (supported by every browser that asks for /favicon.ico). */
function ico(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

async function main(): Promise<void> {
  await mkdir(path.join(root, 'public/icons'), { recursive: true });
  await writeFile(path.join(root, 'public/favicon.svg'), `${tileSvg}\n`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const render = async (svg: string, size: number): Promise<Buffer> => {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${sized}</body>`);
      return page.screenshot({
        type: 'png',
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
    };
    for (const target of targets) {
      await writeFile(path.join(root, target.file), await render(target.svg, target.size));
      console.log(`wrote ${target.file}`);
    }
    const favicons: { size: number; png: Buffer }[] = [];
    for (const size of [16, 32, 48]) favicons.push({ size, png: await render(tileSvg, size) });
    await writeFile(path.join(root, 'public/favicon.ico'), ico(favicons));
    console.log('wrote public/favicon.svg, public/favicon.ico');
  } finally {
    await browser.close();
  }
}

await main();
