/**
 * The page side of `npm run bench:timeline` (bench/timeline.ts): the probe put in the page (long
 * tasks, frames, the tap on the timeline entry), the settle watcher, and the steps a user takes: log in,
 * open the timeline from the side menu, zoom with the buttons and drag the chart.
 */
import type { Page } from '@playwright/test';
import { loginAs } from '../tools/screenshots/support';

const ZOOM_STEPS = 10;
/** tsx (esbuild keepNames) wraps functions in `__name(...)`: the page needs it for the functions sent there. */
export const KEEP_NAMES = { content: 'window.__name = (fn) => fn;' };

export interface LongFrame {
  start: number;
  duration: number;
  /** Time spent in style and layout at the frame's end (not in scripts). */
  layout: number;
  scripts: { invoker: string; source: string; duration: number; forcedLayout: number }[];
}

/** The page-side probe: long tasks from the start, a rAF frame recorder, and the tab-tap timestamp. */
declare global {
  interface Window {
    __tl?: {
      longTasks: { start: number; duration: number }[];
      frames: number[];
      recording: boolean;
      tap: number | null;
      /** Long animation frames (> 50 ms) with the scripts that ran in them, for BENCH_TIMELINE_LOAF. */
      frames50: LongFrame[];
      /** Time of the last layout change of the chart seen by the settle watcher, and of the reveal. */
      settled: number | null;
      revealed: number | null;
    };
  }
}

export function probe(): void {
  const state = {
    longTasks: [] as { start: number; duration: number }[],
    frames50: [] as LongFrame[],
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
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const frame = entry.toJSON() as {
          startTime: number;
          duration: number;
          renderStart: number;
          styleAndLayoutStart: number;
          scripts: {
            invoker: string;
            sourceURL: string;
            sourceFunctionName: string;
            sourceCharPosition: number;
            duration: number;
            forcedStyleAndLayoutDuration: number;
          }[];
        };
        state.frames50.push({
          start: frame.startTime,
          duration: frame.duration,
          layout: frame.styleAndLayoutStart
            ? frame.startTime + frame.duration - frame.styleAndLayoutStart
            : 0,
          scripts: frame.scripts.map((script) => ({
            invoker: script.invoker,
            source: `${script.sourceFunctionName} ${script.sourceURL.split('/').pop() ?? ''}@${script.sourceCharPosition}`,
            duration: script.duration,
            forcedLayout: script.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No long animation frame API (Chromium only): nothing to attribute.
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
export function watchSettle(quietMs: number): Promise<void> {
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

export async function login(page: Page, base: string): Promise<void> {
  await loginAs(page, base, 'mario.rossi');
  await page.locator('ion-tab-bar').waitFor();
  // Let the home screen finish loading so its work does not count against the timeline. The idle
  // preloading of the other screens may keep the network busy past that: then a quiet pause instead.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
}

/** Taps the timeline entry of the side menu (any language). */
export async function tapTimeline(page: Page): Promise<void> {
  await page.locator('ion-menu-button').first().click();
  await page
    .locator('ion-menu ion-item')
    .filter({ hasText: /^\s*(Linea del tempo|Timeline)\s*$/ })
    .click();
}

export async function openTimeline(page: Page): Promise<number> {
  await tapTimeline(page);
  await page.waitForURL(/\/timeline$/);
  await page.evaluate(watchSettle, 600);
  return page.evaluate(() => {
    const state = window.__tl;
    if (!state?.tap || !state.settled) throw new Error('no tap or render seen');
    return state.settled - state.tap;
  });
}

export interface Interaction {
  seconds: number;
  frames: number;
  fps: number;
  p95: number;
  worst: number;
  longTasks: number;
  longTaskMs: number;
  longestTask: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function interact(page: Page): Promise<Interaction> {
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

/** Shuts the side menu at once: it may still be closing over the chart and its zoom buttons. */
export async function closeMenu(page: Page): Promise<void> {
  await page.evaluate(() =>
    document
      .querySelector<HTMLElement & { close: (animated: boolean) => Promise<boolean> }>('ion-menu')
      ?.close(false),
  );
  await page.locator('ion-menu .menu-user').waitFor({ state: 'hidden' });
}
