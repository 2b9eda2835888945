/**
 * Screenshots of the guests screens (phone 390×844 and tablet 820×1180, Italian and English): the
 * patient's list, the wizard's steps (with a validation error), and the guest's home. Needs a running
 * server with a fresh demo database. Usage: tsx tools/screenshots/guests.ts [baseUrl]
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { launchChromium, openAs, viewports } from './support';

const baseUrl = process.argv[2] ?? 'http://localhost:4330';
const outDir = 'test-results/screenshots-guests';
mkdirSync(outDir, { recursive: true });

async function open(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
  language: string,
) {
  const { context, page } = await openAs(browser, baseUrl, username, viewport, language);
  await page.waitForTimeout(1000);
  return { context, page };
}

const visible = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();
const shot = (page: Page, name: string) => page.screenshot({ path: `${outDir}/${name}.png` });
const next = (page: Page) => visible(page).locator('.guest-wizard-footer ion-button').last().click();

const browser = await launchChromium();
for (const [device, viewport] of Object.entries(viewports)) {
  for (const language of ['it', 'en'] as const) {
    const prefix = `${device}-${language}`;
    const { context, page } = await open(browser, 'mario.rossi', viewport, language);
    await page.goto(`${baseUrl}/guests`);
    await page.locator('li.guest-card').first().waitFor();
    await shot(page, `${prefix}-list`);
    await visible(page).locator('ion-button.guests-new').click();
    await page.waitForURL(/\/guestwizard$/);
    await page.waitForTimeout(600);
    await next(page);
    await shot(page, `${prefix}-1-relationship-error`);
    await visible(page).locator('label.guest-choice').nth(2).click();
    await next(page);
    await visible(page).locator('label.guest-choice').first().click();
    await next(page);
    await visible(page).locator('input[type="date"]').fill('2027-06-30');
    await shot(page, `${prefix}-3-deadline`);
    await next(page);
    await visible(page).locator('label.guest-choice').nth(1).click();
    await shot(page, `${prefix}-4-rights`);
    await next(page);
    await visible(page).locator('label.guest-choice').first().waitFor();
    await visible(page).locator('label.guest-choice').nth(0).click();
    await visible(page).locator('label.guest-choice').nth(1).click();
    await shot(page, `${prefix}-5-documents`);
    await next(page);
    await visible(page).locator('input[name="name"]').fill('Laura');
    await visible(page).locator('input[name="surname"]').fill('Bianchi');
    await visible(page).locator('input[name="email"]').fill('laura@');
    await next(page);
    await page.waitForTimeout(300);
    await shot(page, `${prefix}-6-person-errors`);
    await context.close();

    const guest = await open(browser, 'ospite', viewport, language);
    await shot(guest.page, `${prefix}-guest-home`);
    await guest.context.close();
  }
}
await browser.close();
