import { defineConfig, devices } from '@playwright/test';

/**
 * E2E on a phone viewport in Debian's Chromium (Playwright cannot download browsers here). The journeys
 * mostly wait (the identity provider, the dispatcher's 5 s pass, the SMS outbox), so they run as two
 * streams side by side, each against its own portal and embedded database with the demo data: the
 * journeys of one stream share their data and run one at a time, in file order, as before.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The second stream's portal: far enough from PORT that helpers' ports (PORT + a few) do not meet it. */
const SECOND_PORT = PORT + 100;
export const PUSH_PORT = PORT + 1000;

/**
 * The second stream's journeys; the first takes the rest. Balanced on CI's durations; a journey that needs
 * the stand-in push service (notify) stays in the first, whose portal knows PUSH_PORT.
 */
const SECOND_STREAM = [
  'a11y.spec.ts',
  'a11y-focus.spec.ts',
  'a11y-reflow.spec.ts',
  'account-switch.spec.ts',
  'cdc.spec.ts',
  'conferences.spec.ts',
  'consents.spec.ts',
  'csp.spec.ts',
  'document-requests.spec.ts',
  'dossier.spec.ts',
  'extraction.spec.ts',
  'guests.spec.ts',
  'help.spec.ts',
  'home-tabs.spec.ts',
  'pai.spec.ts',
  'pin-reset.spec.ts',
  'security-password.spec.ts',
  'security-recovery.spec.ts',
  'shl.spec.ts',
  'targets.spec.ts',
  'text-size.spec.ts',
  'timeline.spec.ts',
];

function portal(port: number) {
  const baseURL = `http://localhost:${port}`;
  return {
    baseURL,
    server: {
      // A fresh embedded database for every run, seeded with the demo data.
      command: `rm -rf test-results/e2e-data-${port} && tsx server/main.ts`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: `test-results/e2e-data-${port}`,
        LOG_LEVEL: 'warn',
        // The notifications journey's stand-in for a browser push service (e2e/notify.spec.ts).
        PUSH_ORIGINS: `http://127.0.0.1:${PUSH_PORT}`,
        DATABASE_URL: '',
      },
    },
  };
}

const first = portal(PORT);
const second = portal(SECOND_PORT);
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium' as const,
};

export default defineConfig({
  testDir: './e2e',
  outputDir: `./test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two streams beside the unit tests on 2 cores: a journey of several signings can pass a minute.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // The portal then runs without Ionic's animations (src/app/start.tsx), as for people who ask for less motion.
    reducedMotion: 'reduce',
    // Recording a trace costs about a fifth of a journey's CPU: only a retry records one (a failure that recurs).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      workers: 1,
      testIgnore: SECOND_STREAM,
      use: { ...phone, baseURL: first.baseURL },
    },
    {
      name: 'phone-2',
      workers: 1,
      testMatch: SECOND_STREAM,
      use: { ...phone, baseURL: second.baseURL },
    },
  ],
  webServer: [first.server, second.server],
});
