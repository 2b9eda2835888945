import { defineConfig, devices } from '@playwright/test';

/** E2E on a phone viewport in Debian's Chromium (Playwright cannot download browsers here). */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${PORT}`;
export const PUSH_PORT = PORT + 1000;

export default defineConfig({
  testDir: './e2e',
  outputDir: `./test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // The portal then runs without Ionic's animations (src/app/start.tsx), as for people who ask for less motion.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
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
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    // A fresh embedded database for every run, seeded with the demo data.
    command: `rm -rf test-results/e2e-data-${PORT} && tsx server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: `test-results/e2e-data-${PORT}`,
      LOG_LEVEL: 'warn',
      // The notifications journey's stand-in for a browser push service (e2e/notify.spec.ts).
      PUSH_ORIGINS: `http://127.0.0.1:${PUSH_PORT}`,
      DATABASE_URL: '',
    },
  },
});
