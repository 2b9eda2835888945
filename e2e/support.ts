import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Dossier2026!';

/** Logs in through the real identity provider page, from the portal's start URL. */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** The labels of the visible tab buttons, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  const buttons = page.locator('ion-tab-bar ion-tab-button');
  await expect(buttons.first()).toBeVisible();
  return (await buttons.allInnerTexts()).map((text) => text.trim());
}
