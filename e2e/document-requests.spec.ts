import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const CONFLICT =
  "Non è stato stato possibile completare la richiesta in quanto i ricoveri selezionati risultano già associati ad un'altra richiesta";

async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: entry }).click();
}

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
const current = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

test('a patient requests two reports collected at the desk by a delegate and finds it in the archive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Copia di referti');
  await expect(page).toHaveURL(/\/documentrequest\/\d+$/);
  const view = current(page);

  // Step 1: two reports, one copy each.
  const rows = view.locator('.request-item');
  await expect(rows.first()).toBeVisible();
  // Titles repeat in a dossier (many blood tests): the rows are picked by position.
  const titles: string[] = [];
  for (const index of [0, 1]) {
    titles.push((await rows.nth(index).locator('.request-item-title').textContent()) ?? '');
    await rows.nth(index).getByRole('checkbox').first().check();
  }
  await expect(view.getByText('2 elementi scelti')).toBeVisible();
  await view.getByRole('button', { name: 'Avanti' }).click();

  // Step 2: at the desk, collected by a delegate with an identity card.
  await view.getByText('Ritiro allo sportello').click();
  await view.getByText('Ritira una persona delegata').click();
  await view.getByText('Copia cartacea').click();
  await view.getByRole('textbox', { name: 'Cognome del delegato' }).fill('Bianchi');
  await view.getByRole('textbox', { name: 'Nome del delegato', exact: true }).fill('Anna');
  await view.getByLabel('Tipo di documento').selectOption('IDENTITY_CARD');
  // A wrong e-mail first: the server's message, and what was typed stays.
  await view.getByRole('textbox', { name: 'E-mail' }).fill('anna@');
  await view.getByLabel('Numero del documento').fill('CA12345BB');
  await view.getByRole('button', { name: 'Riepilogo' }).click();
  await expect(view.getByText('Inserisci una Email valida.')).toBeVisible();
  await expect(view.getByRole('textbox', { name: 'Cognome del delegato' })).toHaveValue('Bianchi');
  await view.getByRole('textbox', { name: 'E-mail' }).fill('');
  await view.getByRole('button', { name: 'Riepilogo' }).click();

  // Step 3: the summary priced by the server (2 paper copies at 3.00 €, nothing for the desk).
  await expect(view.getByText('Documenti richiesti')).toBeVisible();
  await expect(view.locator('.summary-item-title')).toHaveText(titles);
  await expect(view.getByText("Anna Bianchi · Carta d'identità CA12345BB")).toBeVisible();
  await expect(view.getByTestId('request-total')).toHaveText(/6,00\s€/);
  await view.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(view.getByText('Richiesta inviata')).toBeVisible();
  await view.locator('ion-button', { hasText: 'Vai alle mie richieste' }).click();

  // The archive: the new request first, sent, with its two reports.
  await expect(page).toHaveURL(/\/archiverequest\/\d+$/);
  const archive = current(page);
  const newest = archive.locator('.archive-item').first();
  await expect(newest.locator('.status-chip')).toHaveText('Inviata');
  await expect(newest.locator('.archive-item-list li')).toHaveCount(2);
  for (const [index, title] of titles.entries())
    await expect(newest.locator('.archive-item-list li').nth(index)).toContainText(title);
  await expect(archive.locator('.status-chip', { hasText: 'Completata' })).toBeVisible();
  await expect(archive.locator('.status-chip', { hasText: 'Annullata' })).toBeVisible();
});

test('a medical record of an admission already requested is refused with the catalogue message', async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Copia di cartella clinica');
  await expect(page).toHaveURL(/\/clinicalrequest\/\d+$/);
  const view = current(page);
  // The seed's submitted request holds Mario's oldest admission, the last of the list.
  const rows = view.locator('.request-item');
  await expect(rows).toHaveCount(4);
  const oldest = (await rows.last().locator('.request-item-title').textContent()) ?? '';
  await view.getByLabel(`Cartella clinica: ${oldest}`).check();
  await view.getByRole('button', { name: 'Avanti' }).click();
  await view.getByText('Ritiro personalmente').click();
  await view.getByRole('button', { name: 'Riepilogo' }).click();
  await expect(view.getByRole('alert')).toHaveText(CONFLICT);
  // The choice stays, so another admission can be picked instead.
  await view.getByRole('button', { name: 'Indietro' }).click();
  await expect(view.getByLabel(`Cartella clinica: ${oldest}`)).toBeChecked();
});
