/**
 * Lighthouse (mobile preset, simulated throttling) on a production build: `npm run bench:lighthouse`, or the
 * `lighthouse` part of `npm run bench` (a few minutes; run `npm run build` first).
 * 1. Starts the real server (`tsx server/main.ts`, demo mode, PORT 8788) on a temporary DATA_DIR, serving dist/
 *    (LIGHTHOUSE_DIST picks another build, e.g. one kept from before a change).
 * 2. First visit: `/` in a fresh browser profile, which ends on the identity provider's login page.
 * 3. Logged in, warm start: mario.rossi logs in with Playwright in a persistent profile that keeps its service
 *    worker and tokens; Lighthouse, attached to that same browser (its debugging port) without clearing storage,
 *    loads `/home` and `/dossier`.
 * Each page LIGHTHOUSE_RUNS times (default 5); prints every run, then the median and the spread.
 * A/B: LIGHTHOUSE_COMPARE=<dist dir> serves that build too (a second server, PORT + 1) and alternates the two
 * builds run by run, so both meet the same machine load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { loginAs } from '../tools/screenshots/support';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8788);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  requests: number;
  finalUrl: string;
}

async function waitReady(server: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server not ready after 120 s');
}

/** A browser with a persistent profile (its default context is the one Lighthouse opens its tab in). */
async function openBrowser(
  debugPort: number,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: [...ARGS, `--remote-debugging-port=${debugPort}`],
    viewport: { width: 412, height: 823 },
    locale: 'it-IT',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, debugPort: number, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const value = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    requests: requests && 'items' in requests ? requests.items.length : 0,
    finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

/** Logs mario.rossi in through the real login page (password, then the SMS code from the demo outbox). */
async function login(context: BrowserContext, base: string): Promise<void> {
  const page = await context.newPage();
  await loginAs(page, base, 'mario.rossi');
  await page.locator('ion-tab-bar').waitFor();
  // The service worker controls the page and the screens used once are in its caches: a warm start.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  // Not 'networkidle': the live event stream stays open.
  await page.goto(`${base}/dossier`);
  await page.locator('ion-tab-bar').waitFor();
  await page.waitForTimeout(3000);
  await page.goto(`${base}/home`);
  await page.locator('ion-tab-bar').waitFor();
  await page.waitForTimeout(3000);
  await page.close();
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function print(label: string, runs: Figures[]): void {
  const row = (name: string, figures: Omit<Figures, 'finalUrl'> & { finalUrl?: string }): string =>
    [
      name.padEnd(8),
      String(Math.round(figures.score)).padStart(5),
      `${(figures.fcp / 1000).toFixed(2)} s`.padStart(8),
      `${(figures.lcp / 1000).toFixed(2)} s`.padStart(8),
      `${Math.round(figures.tbt)} ms`.padStart(8),
      String(Math.round(figures.requests)).padStart(9),
      `  ${figures.finalUrl ?? ''}`,
    ].join(' ');
  console.log(`\n# ${label}`);
  console.log('run      score      FCP      LCP      TBT  requests  ends on');
  for (const [index, figures] of runs.entries()) console.log(row(String(index + 1), figures));
  const pick = (key: keyof Omit<Figures, 'finalUrl'>): number[] => runs.map((figures) => figures[key]);
  const spread = (key: keyof Omit<Figures, 'finalUrl'>): string =>
    `${Math.min(...pick(key)).toFixed(0)}–${Math.max(...pick(key)).toFixed(0)}`;
  console.log(
    row('median', {
      score: median(pick('score')),
      fcp: median(pick('fcp')),
      lcp: median(pick('lcp')),
      tbt: median(pick('tbt')),
      requests: median(pick('requests')),
    }),
  );
  console.log(
    `spread   score ${spread('score')}, FCP ${spread('fcp')} ms, LCP ${spread('lcp')} ms, TBT ${spread('tbt')} ms`,
  );
}

interface Build {
  label: string;
  base: string;
  server: ChildProcess;
  dataDir: string;
}

/** The real server on `port`, serving `dist` (or the default dist/), on its own data directory. */
async function startBuild(label: string, port: number, dist: string | undefined): Promise<Build> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const base = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...(dist ? { STATIC_DIR: path.resolve(dist) } : {}),
  };
  const server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const build = { label, base, server, dataDir };
  try {
    await waitReady(server, base);
  } catch (error) {
    await stopBuild(build);
    throw error;
  }
  return build;
}

async function stopBuild({ server, dataDir }: Build): Promise<void> {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}

export async function lighthouseBench(): Promise<void> {
  const compare = process.env.LIGHTHOUSE_COMPARE;
  const builds: Build[] = [];
  const debugPort = PORT + 1000;
  try {
    builds.push(await startBuild(process.env.LIGHTHOUSE_DIST ?? 'dist', PORT, process.env.LIGHTHOUSE_DIST));
    if (compare) builds.push(await startBuild(compare, PORT + 1, compare));
    const tag = (build: Build): string => (builds.length > 1 ? ` [${build.label}]` : '');
    const firstVisit = builds.map((): Figures[] => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [index, build] of builds.entries()) {
        const browser = await openBrowser(debugPort);
        try {
          firstVisit[index]?.push(await audit(`${build.base}/`, debugPort, false));
        } finally {
          await browser.close();
        }
      }
    }
    for (const [index, build] of builds.entries()) {
      print(`First visit to / (no session; ends on the login page)${tag(build)}`, firstVisit[index] ?? []);
    }

    const browser = await openBrowser(debugPort);
    try {
      for (const build of builds) await login(browser.context, build.base);
      const home = builds.map((): Figures[] => []);
      const dossier = builds.map((): Figures[] => []);
      for (let run = 0; run < RUNS; run++) {
        for (const [index, build] of builds.entries()) {
          home[index]?.push(await audit(`${build.base}/home`, debugPort, true));
          dossier[index]?.push(await audit(`${build.base}/dossier`, debugPort, true));
        }
      }
      for (const [index, build] of builds.entries()) {
        print(`Logged in, /home, warm start (service worker)${tag(build)}`, home[index] ?? []);
        print(`Logged in, /dossier, warm start (service worker)${tag(build)}`, dossier[index] ?? []);
      }
    } finally {
      await browser.close();
    }
  } finally {
    for (const build of builds) await stopBuild(build);
  }
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) await lighthouseBench();
