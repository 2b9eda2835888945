import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

interface ListedDocument {
  id: number;
  title: string;
  status: string;
  viewable: boolean;
  pageCount: number;
}

async function firstListReply(page: Page, open: () => Promise<void>): Promise<ListedDocument[]> {
  const reply = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/documents' && response.status() === 200,
  );
  await open();
  const body = (await (await reply).json()) as { documents: ListedDocument[] };
  return body.documents;
}

test('a patient opens the dossier, filters by type, reads a multi-page PDF and finds the list offline', async ({
  page,
  context,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  // The service worker controls the page, so the shell also starts offline. On a loaded machine the first
  // install can finish after the page settled: wait for it, then reload under its control.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.locator('ion-tab-bar')).toBeVisible();

  const documents = await firstListReply(page, () =>
    page.locator('ion-tab-bar ion-tab-button', { hasText: 'Dossier' }).click(),
  );
  await expect(page).toHaveURL(/\/dossier$/);
  const cards = page.getByRole('list', { name: 'Documenti del dossier' });
  await expect(cards.locator('li').first()).toBeVisible();

  // Filter by one document type: the chip shows it, every card has that type.
  await page.getByRole('button', { name: 'Filtri', exact: true }).click();
  const sheet = page.locator('ion-modal.filter-sheet');
  const types = sheet.locator('fieldset', { hasText: 'Tipo di documento' });
  const option = types.locator('label').first();
  const typeName = ((await option.textContent()) ?? '').trim();
  await option.getByRole('checkbox').check();
  await sheet.getByRole('button', { name: 'Applica' }).click();
  await expect(page.getByRole('button', { name: `Rimuovi il filtro ${typeName}` })).toBeVisible();
  await expect(cards.locator('li').first()).toContainText(typeName);
  await page.getByRole('button', { name: `Rimuovi il filtro ${typeName}` }).click();

  // A readable document of several pages: more than one page is drawn.
  const multiPage = documents.find((d) => d.viewable && d.status === 'ONLINE' && d.pageCount > 1);
  expect(multiPage, 'a readable multi-page document on the first page').toBeTruthy();
  await page.getByRole('button', { name: multiPage?.title, exact: true }).first().click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(page.getByText(/^Pagina 1 di \d+$/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.locator('.pdf-page canvas').count()).toBeGreaterThan(1);

  // Offline, a reload shows the last list with the banner.
  await page.goto('/dossier');
  await expect(cards.locator('li').first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Sei offline: elenco aggiornato al \d\d\/\d\d\/\d{4} \d\d:\d\d/)).toBeVisible();
  await expect(cards.locator('li').first()).toBeVisible();
  await context.setOffline(false);
});
