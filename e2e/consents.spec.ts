import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { login, smsBodies } from './support';

const SIGNING_PIN = '123456'; // README: the demo signing PIN of every account

function primary(page: Page, name: string) {
  return page.locator('.wizard-footer ion-button', { hasText: name });
}

/** PIN → SMS code read from the demo outbox → signature; leaves the wizard on its result step. */
async function signWithPinAndSms(page: Page, username: string): Promise<void> {
  await expect(page.getByText(/Passo \d di \d/)).toBeVisible();
  await expect(page.locator('.wizard-step-title')).toHaveText('PIN di firma');
  const before = (await smsBodies(page, username)).length;
  await page.getByLabel('PIN').fill(SIGNING_PIN);
  await primary(page, 'Invia il codice').click();
  await expect(page.getByLabel('Codice ricevuto via SMS')).toBeVisible();
  await expect.poll(async () => (await smsBodies(page, username)).length).toBeGreaterThan(before);
  const [newest = ''] = await smsBodies(page, username);
  const code = newest.match(/\b(\d{6})\b/)?.[1] ?? '';
  await page.getByLabel('Codice ricevuto via SMS').fill(code);
  await primary(page, 'Firma').click();
  await expect(page.locator('.wizard-step-title')).toHaveText('Firma completata');
}

/** The Consents tab, with one tap (a kept-alive /postAuth used to swallow it right after Home). */
async function openConsentsTab(page: Page): Promise<void> {
  await page.locator('ion-tab-button', { hasText: 'Consensi' }).click();
  await expect(page).toHaveURL(/\/consents\/\d+$/);
}

/** The read step: the temp PDF is drawn, "Ho letto" ticked, on to the PIN. */
async function readDocument(page: Page): Promise<void> {
  await expect(page.locator('.wizard-step-title')).toHaveText('Leggi il documento');
  await expect(page.locator('.pdf-page canvas').first()).toBeVisible();
  // Scrolling to the end of the document ticks "Ho letto il documento" by itself.
  const box = page.getByLabel('Ho letto il documento');
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeChecked();
  await primary(page, 'Ho letto, continua').click();
}

test('a new patient signs the dossier consent at first login and downloads the signed PDF', async ({
  page,
}) => {
  await login(page, 'luca.verdi');
  await expect(page).toHaveURL(/\/sign-new-consents\?.*medmakerModel=CONS_DOSSIER/);
  await expect(page.locator('ion-tab-bar')).toBeHidden();
  await expect(page.getByText('Passo 1 di 5')).toBeVisible();
  // The profile call's reason (403 code 0) is said, not left to guess.
  await expect(page.getByText('È necessario firmare il consenso al dossier per accedere.')).toBeVisible();

  // The model form: required fields are checked before going on.
  await primary(page, 'Continua').click();
  await expect(page.getByText('Campo obbligatorio').first()).toBeVisible();
  await page.getByLabel("Dichiaro di aver letto l'informativa").check();
  await page.getByLabel('Escludi dal dossier').check();
  await primary(page, 'Continua').click();

  await readDocument(page);
  await signWithPinAndSms(page, 'luca.verdi');
  await expect(page.getByText(/Consenso dato/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByText('Scarica PDF').click(),
  ]);
  const file = await readFile((await download.path()) ?? '');
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  await primary(page, 'Fine').click();
  await expect(page).toHaveURL(/\/home$/);
  await openConsentsTab(page);
  const card = page.locator('.consent-card', { hasText: 'Consenso al Dossier Sanitario Elettronico' });
  await expect(card.locator('.consent-chip')).toHaveText('Dato');
});

test('a patient revokes the project consents first, then the dossier consent, and is logged out', async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openConsentsTab(page);
  // The tab's badge (the one shared CountBadge: its words and the count are its name).
  await expect(
    page.locator('ion-tab-bar').getByRole('status', { name: /^Consensi da rivedere: \d+$/ }),
  ).toBeVisible();
  const dossier = page.locator('.consent-card', { hasText: 'Consenso al Dossier Sanitario Elettronico' });
  const project = page.locator('.consent-card', { hasText: 'Cuore in Rete' });
  await expect(dossier.locator('.consent-chip')).toHaveText('Dato');
  // While a project consent is given, the dossier consent cannot be revoked.
  await expect(dossier.getByText('Revoca', { exact: true })).toHaveCount(0);

  await project.getByText('Revoca', { exact: true }).click();
  await page.locator('ion-alert button', { hasText: 'Revoca' }).click();
  await expect(page).toHaveURL(/\/sign-new-consents\?.*action=revoke/);
  await readDocument(page);
  await signWithPinAndSms(page, 'mario.rossi');
  await primary(page, 'Fine').click();
  await expect(page).toHaveURL(/\/consents\/\d+$/);
  await expect(project.locator('.consent-chip')).toHaveText('Revocato');

  await dossier.getByText('Revoca', { exact: true }).click();
  await page.locator('ion-alert button', { hasText: 'Revoca' }).click();
  await readDocument(page);
  await signWithPinAndSms(page, 'mario.rossi');
  await primary(page, 'Fine').click();
  // /sign-check: the dossier consent was revoked by a patient → logout, back to the login page.
  await expect(page.locator('#username')).toBeVisible({ timeout: 20_000 });

  // The demo data is shared by the other journeys: Mario gives both consents again. Without the dossier
  // consent, the next login goes straight to signing it (403 code 0).
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/sign-new-consents\?/);
  await page.getByLabel("Dichiaro di aver letto l'informativa").check();
  await page.getByLabel('Escludi dal dossier').check();
  await primary(page, 'Continua').click();
  await readDocument(page);
  await signWithPinAndSms(page, 'mario.rossi');
  await primary(page, 'Fine').click();
  await expect(page).toHaveURL(/\/home$/);
  await openConsentsTab(page);
  await project.getByText('Dai il consenso').click();
  await page.getByLabel("Dichiaro di aver letto l'informativa del progetto").check();
  await page.getByLabel('Accetto il telemonitoraggio a domicilio').check();
  await primary(page, 'Continua').click();
  await readDocument(page);
  await signWithPinAndSms(page, 'mario.rossi');
  await primary(page, 'Fine').click();
  await expect(project.locator('.consent-chip')).toHaveText('Dato');
  await expect(dossier.locator('.consent-chip')).toHaveText('Dato');
});
