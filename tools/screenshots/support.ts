/**
 * What the screenshot scripts share: the two viewports, Debian's Chromium, and a login through the real
 * identity provider page (the SMS code read from the demo outbox, as a person would read it; staff's code
 * from the demo authenticator key).
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { demoTotpCode } from '../demo-totp';

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** Logs in on `baseUrl` with the demo password and waits for the home page. */
export async function loginAs(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('Dossier2026!');
  await page.locator('form button[type="submit"]').click();
  // Patients and guests: the SMS code step, with the code from the demo outbox.
  await page.locator('#code').or(page.locator('ion-tab-bar')).first().waitFor();
  if (await page.locator('#totp-form').isVisible()) {
    await page.locator('#code').fill(await demoTotpCode(username));
    await page.locator('#totp-form button[type="submit"]').click();
  } else if (await page.locator('#code').isVisible()) {
    const sms = await page.request.get(`${baseUrl}/dev/sms.json?username=${username}`);
    const { messages } = (await sms.json()) as { messages: { body: string }[] };
    await page.locator('#code').fill(messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '');
    await page.locator('form button[type="submit"]').first().click();
  }
  await page.waitForURL(/\/home$/);
}

/** A new browser context in `language` at `viewport`, logged in as `username`. */
export async function openAs(
  browser: Browser,
  baseUrl: string,
  username: string,
  viewport: { width: number; height: number },
  language: string,
) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
  await context.addInitScript((lang) => localStorage.setItem('language', JSON.stringify(lang)), language);
  const page = await context.newPage();
  await loginAs(page, baseUrl, username);
  return { context, page };
}
