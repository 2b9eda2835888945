/**
 * Screenshots of the guests screens (phone 390×844 and tablet 820×1180, Italian and English): the
 * patient's list, the wizard's steps (with a validation error), and the guest's home. Needs a running
 * server with a fresh demo database. Usage: tsx scripts/screenshots-guests.ts [baseUrl]
 */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:4330';
const outDir = 'test-results/screenshots-guests';
mkdirSync(outDir, { recursive: true });
const viewports = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } } as const;

async function open(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
  language: string,
) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
  await context.addInitScript((lang) => localStorage.setItem('language', JSON.stringify(lang)), language);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('Dossier2026!');
  await page.locator('form button[type="submit"]').click();
  await page.locator('#code').or(page.locator('ion-tab-bar')).first().waitFor();
  if (await page.locator('#code').isVisible()) {
    const sms = await page.request.get(`${baseUrl}/dev/sms.json?username=${username}`);
    const { messages } = (await sms.json()) as { messages: { body: string }[] };
    await page.locator('#code').fill(messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '');
    await page.locator('form button[type="submit"]').first().click();
  }
  await page.waitForURL(/\/home$/);
  await page.waitForTimeout(1000);
  return { context, page };
}

const visible = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();
const shot = (page: Page, name: string) => page.screenshot({ path: `${outDir}/${name}.png` });
const next = (page: Page) => visible(page).locator('.guest-wizard-footer ion-button').last().click();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
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
