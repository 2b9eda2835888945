import { expect, type Page, test } from '@playwright/test';

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
const current = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

/** Help and FAQ skip the login check (spec 2): reachable from the login page, on a phone, with a way back. */
test('Help and FAQ open without a login from the login page, with the help texts, and lead back to it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'Guida' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Guida' })).toBeVisible();
  await expect(page.getByText('Pagina non trovata')).toHaveCount(0);
  // The texts of the screens' help sheet.
  await expect(page.getByRole('heading', { level: 2, name: 'La pagina iniziale' })).toBeVisible();
  await expect(
    page.getByText('Dalla pagina iniziale raggiungi le funzioni del portale', { exact: false }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Domande frequenti' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Domande frequenti' })).toBeVisible();
  const answer = current(page).getByText('Dalla pagina iniziale raggiungi le funzioni del portale', {
    exact: false,
  });
  await expect(answer).toBeHidden();
  await current(page).locator('summary', { hasText: 'La pagina iniziale' }).click();
  await expect(answer).toBeVisible();

  // A way back: the login page.
  await current(page).getByRole('link', { name: "Torna all'accesso" }).click();
  await expect(page.locator('#username')).toBeVisible({ timeout: 30_000 });
});

test('the FAQ in English, opened directly without a login', async ({ page }) => {
  await page.goto('/faq');
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.locator('summary', { hasText: 'The home page' })).toBeVisible();
  await expect(current(page).getByRole('link', { name: 'Back to sign-in' })).toBeVisible();
});
