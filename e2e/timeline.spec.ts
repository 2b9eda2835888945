import { expect, test } from '@playwright/test';
import { login } from './support';

test('the patient zooms into a cluster of the timeline and sees the physician’s earlier access', async ({
  browser,
}) => {
  // The physician opens Mario Rossi's record and dossier: two accesses in his history.
  const staff = await browser.newContext();
  const doctor = await staff.newPage();
  await login(doctor, 'dott.ferrari');
  await expect(doctor).toHaveURL(/\/home$/);
  await doctor.goto('/patients');
  await doctor.getByLabel('Cognome').fill('Rossi');
  await doctor.getByLabel('Nome', { exact: true }).fill('Mario');
  await doctor.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(doctor).toHaveURL(/\/patientInfo\/\d+$/);
  await expect(doctor.getByRole('heading', { name: 'Mario Rossi' })).toBeVisible();
  await doctor.locator('ion-button', { hasText: 'Dossier' }).click();
  await expect(doctor).toHaveURL(/\/dossier\/\d+$/);
  await staff.close();

  const own = await browser.newContext();
  const page = await own.newPage();
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Mario Rossi/ }).first()).toBeVisible();

  // The timeline and the demographic data are in the side menu (the tab bar keeps five tabs).
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Linea del tempo' }).click();
  await expect(page).toHaveURL(/\/timeline$/);
  const cluster = page.locator('.tl-cluster').first();
  await expect(cluster).toBeVisible();
  const scale = page.locator('.timeline-scale strong');
  const before = (await scale.textContent()) ?? '';
  const count = Number(await cluster.textContent());
  expect(count).toBeGreaterThan(1);
  await cluster.click();
  await expect(scale).not.toHaveText(before);

  // Zoom buttons work too.
  await page.getByRole('button', { name: 'Mostra tutti i documenti' }).click();
  await expect(scale).toHaveText(before);

  // Treatment history, from the patient's record.
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Dati anagrafici' }).click();
  await page.locator('ion-button', { hasText: 'Chi ha consultato i miei dati' }).click();
  await expect(page).toHaveURL(/\/datahistory\/\d+$/);
  await expect(
    page
      .getByRole('list', { name: 'Accessi ai dati' })
      .getByText(/Ferrari/)
      .first(),
  ).toBeVisible();
  await own.close();
});
