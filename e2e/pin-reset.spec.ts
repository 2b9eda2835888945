import { expect, test } from '@playwright/test';
import { readSmsCode, smsBodies } from './support';

const SECURITY_CODE = /^([A-Z0-9]{6}) /;

test('a patient resets the signing PIN from the login page: security code by SMS, new PIN by SMS', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'PIN dimenticato?' }).click();
  await expect(page).toHaveURL(/\/pin-reset$/);
  await expect(page.getByRole('heading', { name: 'Reset del PIN' })).toBeVisible();

  const identifier = page.getByLabel(/Identificativo utente o codice fiscale/);
  await identifier.fill('nessuno.noto');
  await page.getByText('Invia il codice').click();
  await expect(page.getByRole('alert')).toHaveText('Identificativo utente non valido');

  await identifier.fill('luca.verdi');
  await page.getByText('Invia il codice').click();
  await expect(
    page.getByText(/Ti abbiamo inviato un codice di sicurezza via SMS al numero \*\*\*0003/),
  ).toBeVisible();
  const code = await readSmsCode(page, 'luca.verdi', SECURITY_CODE);
  expect(code).toMatch(/^[A-Z0-9]{6}$/);

  const codeField = page.getByLabel(/Codice di sicurezza/);
  await codeField.fill(code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
  await page.getByText('Conferma e ricevi il nuovo PIN').click();
  await expect(page.getByRole('alert')).toHaveText('Codice di sicurezza non valido');

  await codeField.fill(code.toLowerCase());
  await page.getByText('Conferma e ricevi il nuovo PIN').click();
  await expect(page.locator('ion-toast')).toContainText('Reset del PIN effettuato con successo');
  await expect(page.getByText(/Il nuovo PIN ti è stato inviato via SMS al numero \*\*\*0003/)).toBeVisible();
  const [newest] = await smsBodies(page, 'luca.verdi');
  expect(newest).toMatch(/^Il tuo nuovo PIN di firma è \d{6}\./);
});

test('the demo outbox page lists the messages of the last hour', async ({ page }) => {
  await page.goto('/dev/sms');
  await expect(page.getByRole('heading', { name: /SMS inviati/ })).toBeVisible();
});
