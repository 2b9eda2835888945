import { expect, test } from '@playwright/test';
import { login } from './support';

test('a physician finds a patient by fiscal code, marks a favourite, sees it in /myPatients and opens the dossier', async ({
  page,
}) => {
  await login(page, 'dott.ferrari');
  await expect(page).toHaveURL(/\/home$/);

  // The fiscal code of the demo patient, read from the list filtered by name.
  await page.goto('/patients');
  await page.getByLabel('Cognome').fill('Rossi');
  await page.getByLabel('Nome', { exact: true }).fill('Mario');
  const row = page.locator('ion-item', { hasText: 'Rossi Mario' }).first();
  await expect(row).toBeVisible();
  const fiscalCode = (((await row.locator('p').first().textContent()) ?? '').split('·')[0] ?? '').trim();
  expect(fiscalCode).toMatch(/^[A-Z0-9]{16}$/);

  // Advanced search by fiscal code: validation first, then the result.
  await page.getByLabel('Ricerca avanzata').first().click();
  await expect(page).toHaveURL(/\/patients\/search$/);
  const form = page.getByRole('form', { name: 'Ricerca avanzata' });
  await form.getByRole('button', { name: 'Cerca', exact: true }).click();
  await expect(form.getByText('Campo obbligatorio', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: /Codice fiscale/ }).fill(fiscalCode.toLowerCase());
  await form.getByRole('button', { name: 'Cerca', exact: true }).click();
  const result = page.getByRole('list', { name: 'Risultati della ricerca' });
  await expect(result.getByText('Rossi Mario')).toBeVisible();

  // One tap on the star (whatever it was, it ends marked).
  const remove = result.getByRole('button', { name: 'Togli Rossi Mario dai preferiti' });
  if (!(await remove.isVisible()))
    await result.getByRole('button', { name: 'Aggiungi Rossi Mario ai preferiti' }).click();
  await expect(remove).toBeVisible();

  // The favourites tab lists the patient; from the record to the dossier.
  await page.locator('ion-tab-button', { hasText: 'Preferiti' }).click();
  await expect(page).toHaveURL(/\/myPatients$/);
  // Scoped to the favourites list: Ionic keeps the search page (with its own link) in the DOM while the tab
  // switches, and a page-wide locator could settle on the one that is leaving.
  const favourite = page
    .locator('ion-list[aria-label="Pazienti preferiti"]')
    .getByRole('link', { name: 'Rossi Mario' });
  await expect(favourite).toBeVisible();
  await favourite.click();
  await expect(page).toHaveURL(/\/patientInfo\/\d+$/);
  await page.locator('ion-button', { hasText: 'Dossier' }).click();
  await expect(page).toHaveURL(/\/dossier\/\d+$/);
});
