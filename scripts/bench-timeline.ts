/**
 * Timeline benchmark in a real browser: `npm run bench:timeline` (about a minute).
 * 1. Fills Mario Rossi's dossier with BENCH_TIMELINE_DOCS documents (5,000 by default; 0 keeps the
 *    70 demo documents) with the scale generator, in a temporary DATA_DIR, before the server starts
 *    (PGlite is single-process).
 * 2. Starts the real server (`tsx server/main.ts`, PORT 8787) on that DATA_DIR and the built client (dist/:
 *    run `npm run build` first), logs in as mario.rossi through the real login page in Debian's chromium
 *    at 390×844, and taps the timeline entry of the side menu.
 * 3. Measures the time from that tap to the first fitted render (the chart revealed and its layout
 *    stable), then, during 10 zoom steps (5 × +, 5 × −) and a drag: frames counted with
 *    requestAnimationFrame (average FPS, p95 frame time) and long tasks (PerformanceObserver 'longtask').
 * BENCH_TIMELINE_RUNS repeats the measurement (fresh browser context each time; default 3).
 * BENCH_TIMELINE_SHOTS=dir also writes screenshots at 390×844 and 820×1180, in Italian and English.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';

const PORT = Number(process.env.BENCH_TIMELINE_PORT ?? 8787);
const DOCS = Number(process.env.BENCH_TIMELINE_DOCS ?? 5000);
const RUNS = Math.max(1, Number(process.env.BENCH_TIMELINE_RUNS ?? 3));
const SHOTS = process.env.BENCH_TIMELINE_SHOTS ?? '';
/** BENCH_TIMELINE_PROFILE=file.cpuprofile: a CPU profile of the first opening (Chrome DevTools reads it). */
const PROFILE = process.env.BENCH_TIMELINE_PROFILE ?? '';
const BASE = `http://localhost:${PORT}`;
const PASSWORD = 'Dossier2026!';
const ZOOM_STEPS = 10;
/** tsx (esbuild keepNames) wraps functions in `__name(...)`: the page needs it for the functions sent there. */
const KEEP_NAMES = { content: 'window.__name = (fn) => fn;' };

/** The page-side probe: long tasks from the start, a rAF frame recorder, and the tab-tap timestamp. */
declare global {
  interface Window {
    __tl?: {
      longTasks: { start: number; duration: number }[];
      frames: number[];
      recording: boolean;
      tap: number | null;
      /** Time of the last layout change of the chart seen by the settle watcher, and of the reveal. */
      settled: number | null;
      revealed: number | null;
    };
  }
}

function probe(): void {
  const state = {
    longTasks: [] as { start: number; duration: number }[],
    frames: [] as number[],
    recording: false,
    tap: null as number | null,
    settled: null as number | null,
    revealed: null as number | null,
  };
  window.__tl = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task API: the count stays at zero.
  }
  document.addEventListener(
    'click',
    (event) => {
      // The timeline is a side-menu entry (the tab bar holds Consensi instead).
      const target = event.target instanceof Element ? event.target.closest('ion-menu ion-item') : null;
      if (/^(Linea del tempo|Timeline)$/.test(target?.textContent?.trim() ?? '')) state.tap = event.timeStamp;
    },
    true,
  );
  const frame = (time: number): void => {
    if (state.recording) state.frames.push(time);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * In the page: after the tap, watch every frame for the chart's layout (scale label, clusters and where
 * the first and last sit, whether the chart is shown) and note when it last changed. Resolves once it
 * has stayed the same for `quietMs`.
 */
function watchSettle(quietMs: number): Promise<void> {
  return new Promise((resolve) => {
    const state = window.__tl;
    if (!state) throw new Error('probe missing');
    let last = '';
    const step = (time: number): void => {
      const canvas = document.querySelector<HTMLElement>(
        'ion-router-outlet .ion-page:not(.ion-page-hidden) .timeline-canvas',
      );
      const shown =
        canvas !== null && canvas.getAttribute('aria-busy') !== 'true' && canvas.offsetParent !== null;
      const clusters = [...document.querySelectorAll<HTMLElement>('.timeline .vis-item')];
      const first = clusters[0]?.getBoundingClientRect();
      const lastBox = clusters.at(-1)?.getBoundingClientRect();
      const signature = shown
        ? [
            document.querySelector('.timeline-scale strong')?.textContent,
            clusters.length,
            Math.round(first?.left ?? 0),
            Math.round(lastBox?.right ?? 0),
          ].join('|')
        : 'hidden';
      if (shown && state.revealed === null) state.revealed = time;
      if (signature !== last) {
        last = signature;
        state.settled = time;
      }
      if (shown && clusters.length > 0 && time - (state.settled ?? time) >= quietMs) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
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

async function login(page: Page): Promise<void> {
  await page.goto(`${BASE}/`);
  await page.locator('#username').fill('mario.rossi');
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  // The patient's SMS code step: the code comes from the demo outbox.
  await page.locator('#code').waitFor();
  const sms = await page.request.get(`${BASE}/dev/sms.json?username=mario.rossi`);
  const { messages } = (await sms.json()) as { messages: { body: string }[] };
  await page.locator('#code').fill(messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '');
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
  await page.locator('ion-tab-bar').waitFor();
  // Let the home screen finish loading so its work does not count against the timeline. The idle
  // preloading of the other screens may keep the network busy past that: then a quiet pause instead.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
}

/** Taps the timeline entry of the side menu (any language). */
async function tapTimeline(page: Page): Promise<void> {
  await page.locator('ion-menu-button').first().click();
  await page
    .locator('ion-menu ion-item')
    .filter({ hasText: /^\s*(Linea del tempo|Timeline)\s*$/ })
    .click();
}

async function openTimeline(page: Page): Promise<number> {
  await tapTimeline(page);
  await page.waitForURL(/\/timeline$/);
  await page.evaluate(watchSettle, 600);
  return page.evaluate(() => {
    const state = window.__tl;
    if (!state?.tap || !state.settled) throw new Error('no tap or render seen');
    return state.settled - state.tap;
  });
}

interface Interaction {
  seconds: number;
  frames: number;
  fps: number;
  p95: number;
  worst: number;
  longTasks: number;
  longTaskMs: number;
  longestTask: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function interact(page: Page): Promise<Interaction> {
  const startedAt = await page.evaluate(() => {
    const state = window.__tl;
    if (!state) throw new Error('probe missing');
    state.frames = [];
    state.recording = true;
    return performance.now();
  });
  const zoomIn = page.locator('.timeline-zoom ion-button').nth(0);
  const zoomOut = page.locator('.timeline-zoom ion-button').nth(1);
  for (let step = 0; step < ZOOM_STEPS; step++) {
    await (step < ZOOM_STEPS / 2 ? zoomIn : zoomOut).click();
    await page.waitForTimeout(350);
  }
  const box = await page.locator('.timeline-canvas .vis-center').boundingBox();
  if (!box) throw new Error('no timeline canvas');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  for (let move = 1; move <= 30; move++) {
    await page.mouse.move(box.x + box.width * (0.8 - (0.6 * move) / 30), y);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  await page.waitForTimeout(500);
  const { frames, tasks, endedAt } = await page.evaluate((since) => {
    const state = window.__tl;
    if (!state) throw new Error('probe missing');
    state.recording = false;
    return {
      frames: state.frames,
      tasks: state.longTasks.filter((task) => task.start >= since),
      endedAt: performance.now(),
    };
  }, startedAt);
  const gaps = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
  gaps.sort((a, b) => a - b);
  const seconds = (endedAt - startedAt) / 1000;
  return {
    seconds,
    frames: frames.length,
    fps: frames.length / seconds,
    p95: percentile(gaps, 95),
    worst: gaps.at(-1) ?? 0,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
    longestTask: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
  };
}

async function measureOnce(browser: Browser): Promise<{
  open: number;
  openLongTasks: number;
  openLongest: number;
  openTotal: number;
  interaction: Interaction;
}> {
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
    await login(page);
    const cdp = PROFILE ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const open = await openTimeline(page);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      await cdp.detach();
    }
    const opening = await page.evaluate(() => {
      const state = window.__tl;
      return (state?.longTasks ?? [])
        .filter((task) => task.start >= (state?.tap ?? 0))
        .map((task) => task.duration);
    });
    // The side menu may still be closing over the zoom buttons: make sure it is shut before the taps.
    await page.evaluate(() =>
      document
        .querySelector<HTMLElement & { close: (animated: boolean) => Promise<boolean> }>('ion-menu')
        ?.close(false),
    );
    await page.locator('ion-menu .menu-user').waitFor({ state: 'hidden' });
    const interaction = await interact(page);
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

async function screenshots(browser: Browser): Promise<void> {
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
      await login(page);
      await tapTimeline(page);
      await page.waitForTimeout(150);
      const name = `${device}-${language}-${DOCS || 'demo'}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}-opening.png`) });
      await page.evaluate(watchSettle, 600);
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      await page.locator('.timeline-zoom ion-button').nth(0).click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(SHOTS, `${name}-zoomed.png`) });
      await context.close();
    }
  }
  console.log(`screenshots in ${SHOTS}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-timeline-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(PORT),
  PUBLIC_URL: BASE,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
let server: ChildProcess | null = null;
let browser: Browser | null = null;
try {
  if (DOCS > 0) {
    run('npx', ['tsx', 'scripts/seed-scale.ts', '--patients', '0', '--docs', String(DOCS)], env);
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
  if (SHOTS) await screenshots(browser);
  const results = [];
  for (let index = 0; index < RUNS; index++) results.push(await measureOnce(browser));
  const fixed = (value: number, digits = 0): string => value.toFixed(digits);
  console.log(`\nTimeline, ${DOCS || 'demo (70)'} documents, 390×844, chromium headless (--disable-gpu)`);
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
} finally {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
