import { expect, test } from '@playwright/test';
import { login } from './support';

/**
 * The count badges read one shared set of counts (src/session/notification-counts.ts): a navigation asks for
 * `GET /notifications` once, however many badges the tab bar and the side menu show.
 */
test('a navigation between tabs asks for the notification counts once', async ({ page }) => {
  const counts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/notifications')
      counts.push(request.url());
  });

  // Mario's side menu shows the counts of his messages, conferences, surveys and uploads.
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  // On a phone the side menu, and with it the badges, mounts at the first press of the menu button.
  await page
    .locator('.ion-page:not(.ion-page-hidden)')
    .last()
    .getByRole('button', { name: 'Apri il menu' })
    .click();
  await expect.poll(() => counts.length).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  // The badges' code arrives after the first screen: let every badge mount and read.
  await page.waitForTimeout(2_000);

  counts.length = 0;
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Autorizzati' }).click();
  await expect(page).toHaveURL(/\/guests$/);
  await page.waitForTimeout(2_000);
  expect(counts).toHaveLength(1);

  counts.length = 0;
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForTimeout(2_000);
  expect(counts).toHaveLength(1);
});
