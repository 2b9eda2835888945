/**
 * Screenshots of /notify with this device subscribed (phone 390×844 and tablet 820×1180, Italian):
 * the device line after a shown push, the silent-device warning, and the important choice's hint.
 * The dev build registers no service worker, so the page sees a stand-in subscription and the device
 * status reply is fixed. Needs a running server with a fresh demo database.
 * Usage: tsx tools/screenshots/notify.ts [baseUrl] [outDir]
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { launchChromium, loginAs, viewports } from './support';

const baseUrl = process.argv[2] ?? 'http://localhost:4330';
const outDir = process.argv[3] ?? 'test-results/screenshots-notify';
mkdirSync(outDir, { recursive: true });

const STATUSES = {
  shown: { lastShownAt: '2026-11-24T07:42:00.000Z', stale: false },
  silent: { lastShownAt: '2026-11-21T18:10:00.000Z', stale: true },
};

async function openNotify(page: Page, status: (typeof STATUSES)[keyof typeof STATUSES]): Promise<void> {
  await page.route('**/api/notify/push/device', (route) => route.fulfill({ json: status }));
  await page.goto(`${baseUrl}/notify`);
  await page.getByTestId('notify-device-status').or(page.locator('.notify-device-silent')).waitFor();
  await page.locator('.notify-form').waitFor();
  await page.waitForTimeout(300);
}

const browser = await launchChromium();
for (const [device, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: 'it-IT' });
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  // A string, not a function: tsx would wrap the function's arrows in a `__name` helper the page lacks.
  await context.addInitScript(`
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/screenshot', unsubscribe: async () => true };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    ServiceWorkerContainer.prototype.getRegistration = async () => registration;
  `);
  const page = await context.newPage();
  await loginAs(page, baseUrl, 'mario.rossi');
  for (const [name, status] of Object.entries(STATUSES)) {
    await openNotify(page, status);
    await page.screenshot({ path: `${outDir}/${device}-${name}.png` });
  }
  await page.locator('.notify-important').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${outDir}/${device}-important.png` });
  await context.close();
}
await browser.close();
