/**
 * Timeline benchmark in a real browser: `npm run bench:timeline` (about a minute per build).
 * 1. Fills Mario Rossi's dossier with BENCH_TIMELINE_DOCS documents (5,000 by default; 0 keeps the
 *    70 demo documents) with the scale generator, in a temporary DATA_DIR, before the server starts
 *    (PGlite is single-process).
 * 2. Starts the real server (`tsx server/main.ts`, PORT 8787) on that DATA_DIR and the built client (dist/:
 *    run `npm run build` first), logs in as mario.rossi through the real login page in Debian's chromium
 *    at 390×844, and taps the timeline entry of the side menu.
 * 3. Measures the time from that tap to the first fitted render (the chart revealed and its layout
 *    stable) and the long tasks meanwhile, then, during 10 zoom steps (5 × +, 5 × −) and a drag: frames
 *    counted with requestAnimationFrame (average FPS, p95 frame time) and long tasks (PerformanceObserver).
 * BENCH_TIMELINE_RUNS repeats the measurement (fresh browser context each time; default 3).
 * BENCH_TIMELINE_DIST=dist,/tmp/dist-main compares builds side by side: the server serves a link that is
 * pointed at each build in turn, run after run (A, B, A, B…), and a summary gives medians and ranges.
 * BENCH_TIMELINE_SHOTS=dir also writes screenshots at 390×844 and 820×1180, in Italian and English.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import {
  closeMenu,
  type Interaction,
  interact,
  KEEP_NAMES,
  login,
  openTimeline,
  percentile,
  probe,
  tapTimeline,
  watchSettle,
} from './timeline-page';

const PORT = Number(process.env.BENCH_TIMELINE_PORT ?? 8787);
const DOCS = Number(process.env.BENCH_TIMELINE_DOCS ?? 5000);
const RUNS = Math.max(1, Number(process.env.BENCH_TIMELINE_RUNS ?? 3));
const SHOTS = process.env.BENCH_TIMELINE_SHOTS ?? '';
const DISTS = (process.env.BENCH_TIMELINE_DIST ?? process.env.STATIC_DIR ?? 'dist')
  .split(',')
  .map((dir) => path.resolve(dir.trim()));
/** BENCH_TIMELINE_PROFILE=file.cpuprofile: a CPU profile of the first opening (Chrome DevTools reads it). */
const PROFILE = process.env.BENCH_TIMELINE_PROFILE ?? '';
/** BENCH_TIMELINE_PROFILE_ZOOM=file.cpuprofile: the same, of the first run's zooms and drag. */
const PROFILE_ZOOM = process.env.BENCH_TIMELINE_PROFILE_ZOOM ?? '';
/** BENCH_TIMELINE_LOAF=1: print the long animation frames of every opening, with their scripts. */
const LOAF = process.env.BENCH_TIMELINE_LOAF === '1';
const BASE = `http://localhost:${PORT}`;

interface Result {
  open: number;
  openLongTasks: number;
  openLongest: number;
  openTotal: number;
  interaction: Interaction;
}

async function startProfile(context: BrowserContext, page: Page, file: string): Promise<() => Promise<void>> {
  if (!file) return async () => undefined;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  };
}

async function printLongFrames(page: Page): Promise<void> {
  const frames = await page.evaluate(() => {
    const state = window.__tl;
    return (state?.frames50 ?? []).filter((frame) => frame.start >= (state?.tap ?? 0));
  });
  for (const frame of frames) {
    console.log(
      `  long frame ${frame.duration.toFixed(0)} ms (style and layout at its end ${frame.layout.toFixed(0)} ms)`,
    );
    for (const script of frame.scripts) {
      console.log(
        `    ${script.duration.toFixed(0).padStart(4)} ms (forced layout ${script.forcedLayout.toFixed(0)}) ${script.invoker} · ${script.source}`,
      );
    }
  }
}

async function measureOnce(browser: Browser, first: boolean): Promise<Result> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  await context.addInitScript(KEEP_NAMES);
  await context.addInitScript(probe);
  const page = await context.newPage();
  try {
    await login(page, BASE);
    const stopOpening = await startProfile(context, page, first ? PROFILE : '');
    const open = await openTimeline(page);
    await stopOpening();
    const opening = await page.evaluate(() => {
      const state = window.__tl;
      return (state?.longTasks ?? [])
        .filter((task) => task.start >= (state?.tap ?? 0))
        .map((task) => task.duration);
    });
    if (LOAF) await printLongFrames(page);
    await closeMenu(page);
    const stopZoom = await startProfile(context, page, first ? PROFILE_ZOOM : '');
    const interaction = await interact(page);
    await stopZoom();
    return {
      open,
      openLongTasks: opening.length,
      openLongest: Math.max(0, ...opening),
      openTotal: opening.reduce((sum, duration) => sum + duration, 0),
      interaction,
    };
  } finally {
    await context.close();
  }
}

async function screenshots(browser: Browser, label: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const viewports = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } } as const;
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const language of ['it', 'en'] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
      await context.addInitScript((lang) => {
        localStorage.setItem('language', JSON.stringify(lang));
      }, language);
      await context.addInitScript(KEEP_NAMES);
      await context.addInitScript(probe);
      const page = await context.newPage();
      await login(page, BASE);
      await tapTimeline(page);
      await page.waitForTimeout(150);
      const name = `${label}${device}-${language}-${DOCS || 'demo'}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}-opening.png`) });
      await page.evaluate(watchSettle, 600);
      await closeMenu(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      await page.locator('.timeline-zoom ion-button').nth(0).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, `${name}-zoomed.png`) });
      await context.close();
    }
  }
  console.log(`screenshots in ${SHOTS}`);
}

const fixed = (value: number, digits = 0): string => value.toFixed(digits);

function printRuns(title: string, results: readonly Result[]): void {
  console.log(`\n${title}`);
  console.log(
    'run  tap→fitted ms  long tasks (open)  longest ms  total ms  FPS   p95 frame ms  worst frame ms  long tasks >50ms  total ms  longest ms',
  );
  results.forEach((result, index) => {
    const i = result.interaction;
    console.log(
      [
        String(index + 1).padEnd(4),
        fixed(result.open).padStart(13),
        String(result.openLongTasks).padStart(18),
        fixed(result.openLongest).padStart(11),
        fixed(result.openTotal).padStart(9),
        fixed(i.fps, 1).padStart(5),
        fixed(i.p95, 1).padStart(13),
        fixed(i.worst, 1).padStart(15),
        String(i.longTasks).padStart(17),
        fixed(i.longTaskMs).padStart(9),
        fixed(i.longestTask).padStart(11),
      ].join(' '),
    );
  });
}

/** Median (range) of one figure over the runs. */
function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  return `${fixed(median, digits)} (${fixed(sorted[0] ?? 0, digits)}–${fixed(sorted.at(-1) ?? 0, digits)})`;
}

function printSummary(byDist: ReadonlyMap<string, Result[]>): void {
  console.log('\nmedian (range) per build');
  const rows: [string, (result: Result) => number, number][] = [
    ['tap→fitted ms', (r) => r.open, 0],
    ['long tasks while opening', (r) => r.openLongTasks, 0],
    ['longest while opening ms', (r) => r.openLongest, 0],
    ['long tasks zoom+drag', (r) => r.interaction.longTasks, 0],
    ['longest zoom+drag ms', (r) => r.interaction.longestTask, 0],
    ['FPS zoom+drag', (r) => r.interaction.fps, 1],
    ['p95 frame ms', (r) => r.interaction.p95, 1],
  ];
  for (const [dist, results] of byDist) {
    console.log(`  ${dist}`);
    for (const [name, pick, digits] of rows) {
      console.log(`    ${name.padEnd(26)} ${spread(results.map(pick), digits)}`);
    }
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

async function waitReady(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server not ready after 120 s');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-timeline-'));
// The server reads its static files at each request: a link turned from one build to the next between runs.
const served = path.join(dataDir, 'served-dist');
function serve(dist: string): void {
  const next = `${served}.next`;
  rmSync(next, { force: true });
  symlinkSync(dist, next);
  renameSync(next, served);
}
mkdirSync(path.join(dataDir, 'data'));
serve(DISTS[0] ?? 'dist');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  PUBLIC_URL: BASE,
  DATA_DIR: path.join(dataDir, 'data'),
  STATIC_DIR: served,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  if (DOCS > 0) {
    run('npx', ['tsx', 'bench/seed-scale.ts', '--patients', '0', '--docs', String(DOCS)], env);
  }
  server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitReady(server);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const byDist = new Map<string, Result[]>(DISTS.map((dist) => [dist, []]));
  if (SHOTS) {
    for (const [index, dist] of DISTS.entries()) {
      serve(dist);
      await screenshots(browser, DISTS.length > 1 ? `${index + 1}-` : '');
    }
  }
  for (let index = 0; index < RUNS; index++) {
    for (const [dist, results] of byDist) {
      serve(dist);
      results.push(await measureOnce(browser, index === 0));
    }
  }
  for (const [dist, results] of byDist) {
    printRuns(
      `Timeline, ${DOCS || 'demo (70)'} documents, 390×844, chromium headless (--disable-gpu): ${dist}`,
      results,
    );
  }
  printSummary(byDist);
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
