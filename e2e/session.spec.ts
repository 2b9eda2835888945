import { expect, test } from '@playwright/test';
import { login } from './support';

test('switching language changes the texts and the date format', async ({ page }) => {
  await login(page, 'mario.rossi');
  await expect(page.getByText('Benvenuto/a, Mario Rossi')).toBeVisible();
  await expect(page.getByText('10/12/1985')).toBeVisible();

  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu').getByRole('button', { name: 'English' }).click();

  await expect(page.getByText('Welcome, Mario Rossi')).toBeVisible();
  await expect(page.getByText('12/10/1985')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('"en"');

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByText('Welcome, Mario Rossi')).toBeVisible();
});

test('logout clears local storage, caches and IndexedDB, and ends the identity provider session', async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForFunction(async () => (await caches.keys()).length > 0);
  const before = await page.evaluate(async () => ({
    storage: Object.keys(localStorage),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(before.storage.some((key) => key.startsWith('oidc.user:'))).toBe(true);

  // Stop at the identity provider's end-session call to look at what the portal left behind.
  let endSessionUrl = '';
  await page.route('**/idp/session/end**', async (route) => {
    endSessionUrl = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>checkpoint</title>' });
  });
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu').getByText('Esci').click();
  await page.locator('ion-alert').getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveTitle('checkpoint');

  const after = await page.evaluate(async () => ({
    storage: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    // A screen's code fetched while the worker was still active (idle preloading) may land in the
    // screens' code cache again: code only, the same for everyone. Nothing else may survive.
    caches: (await caches.keys()).filter((name) => !name.startsWith('screens-')),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(after).toEqual({ storage: [], session: [], caches: [], databases: [] });

  // Let the end-session call through: the IdP session ends, so the next visit asks for the password.
  await page.unroute('**/idp/session/end**');
  await page.goto(endSessionUrl);
  await expect(page.locator('#username')).toBeVisible();
  await page.goto('/home');
  await expect(page.locator('#username')).toBeVisible();
});

test('after one visit the app opens offline and says it is offline', async ({ page, context }) => {
  await login(page, 'dott.ferrari');
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.locator('ion-tab-bar')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Sei offline: alcune funzioni non sono disponibili')).toBeVisible();
  await expect(page.locator('ion-tab-bar')).toBeVisible();
  await context.setOffline(false);
});
