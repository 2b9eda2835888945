import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/** The patient id of the logged-in patient, as the portal keeps it. */
async function ownPatientId(page: Page): Promise<number> {
  const stored = await page.evaluate(() => localStorage.getItem('currentUser'));
  const user = JSON.parse(stored ?? 'null') as { patientId: number | null } | null;
  if (!user?.patientId) throw new Error('no patient logged in');
  return user.patientId;
}

test("another patient's address is refused, saying so, with the way home; an unknown one is not found", async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const other = (await ownPatientId(page)) + 1;

  // Not his own dossier under someone else's address: a refusal from the catalogue.
  await page.goto(`/dossier/${other}`);
  await expect(page).toHaveURL(new RegExp(`/dossier/${other}$`));
  await expect(page.getByRole('heading', { name: 'Accesso negato', level: 2 })).toBeVisible();
  await expect(page.getByText('Non sei autorizzato ad accedere al dossier')).toBeVisible();
  await expect(page.locator('.doc-card, .doc-table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(`/patientInfo/${other}`);
  await expect(page.getByRole('heading', { name: 'Accesso negato', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mario Rossi' })).toHaveCount(0);

  // His own address still opens.
  await page.goto(`/patientInfo/${other - 1}`);
  await expect(page.getByRole('heading', { name: 'Mario Rossi' })).toBeVisible();

  // An address that is no page: said so, not a silent jump to Home.
  await page.goto('/pagina-che-non-esiste');
  await expect(page).toHaveURL(/\/pagina-che-non-esiste$/);
  await expect(page.getByRole('heading', { name: 'Pagina non trovata', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("the patient's history shows others' accesses, his own after the switch", async ({ browser }) => {
  const staff = await browser.newContext();
  const doctor = await staff.newPage();
  await login(doctor, 'dott.ferrari');
  await expect(doctor).toHaveURL(/\/home$/);
  await doctor.goto('/patients');
  await doctor.getByLabel('Cognome').fill('Rossi');
  await doctor.getByLabel('Nome', { exact: true }).fill('Mario');
  await doctor.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(doctor.getByRole('heading', { name: 'Mario Rossi' })).toBeVisible();
  // The physician reaches the patient's consents from the record.
  await doctor.locator('ion-button', { hasText: 'Consensi' }).click();
  await expect(doctor).toHaveURL(/\/consents\/\d+$/);
  await expect(doctor.locator('.consent-card').first()).toBeVisible();
  await staff.close();

  const own = await browser.newContext();
  const page = await own.newPage();
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/datahistory/${await ownPatientId(page)}`);
  const list = page.getByRole('list', { name: 'Accessi ai dati' });
  await expect(list.getByText(/Ferrari/).first()).toBeVisible();
  await expect(list.getByText(/^Mario Rossi/)).toHaveCount(0);
  const ownSwitch = page.getByRole('switch', { name: 'Mostra anche i miei accessi' });
  await expect(ownSwitch).not.toBeChecked();
  await ownSwitch.check();
  await expect(list.getByText(/^Mario Rossi/).first()).toBeVisible();
  await own.close();
});
