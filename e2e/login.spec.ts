import { expect, test } from '@playwright/test';
import { login, readSmsCode, submitPassword, tabLabels, totpCode } from './support';

const roles = [
  { username: 'mario.rossi', tabs: ['Home', 'Dossier', 'Consensi', 'Richieste', 'Autorizzati'] },
  { username: 'dott.ferrari', tabs: ['Home', 'Pazienti', 'Preferiti', 'Da approvare', 'Messaggi'] },
  { username: 'operatore', tabs: ['Home', 'Pazienti', 'Preferiti', 'Messaggi'] },
  { username: 'admin', tabs: ['Home', 'Pazienti', 'Preferiti', 'Messaggi'] },
  { username: 'ospite', tabs: ['Home', 'Dossier'] },
] as const;

for (const role of roles) {
  test(`${role.username} logs in through the identity provider and lands on the home with their tabs`, async ({
    page,
  }) => {
    await login(page, role.username);
    await expect(page).toHaveURL(/\/home$/);
    expect(await tabLabels(page)).toEqual(role.tabs);
  });
}

test('a wrong password shows the error and keeps the username', async ({ page }) => {
  await login(page, 'giulia.bianchi', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Username o password incorretti.');
  await expect(page.locator('#username')).toHaveValue('giulia.bianchi');
  await expect(page.locator('#password')).toHaveValue('');
});

test('a physician signs in with the password and the authenticator code, not the password alone', async ({
  page,
}) => {
  await submitPassword(page, 'dott.ferrari');
  await expect(page.getByRole('heading', { name: 'Verifica con l’app di autenticazione' })).toBeVisible();
  await expect(page).toHaveURL(/\/idp\/interaction\//);
  const codeInput = page.getByLabel('Codice dell’app di autenticazione');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Ricevi invece un codice via SMS' })).toBeVisible();
  // Tap targets of at least 44 px on a tablet.
  for (const target of [codeInput, page.getByRole('button', { name: 'Verifica e accedi' })]) {
    expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }

  const code = await totpCode('dott.ferrari');
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Codice non valido');
  await page.getByLabel('Codice dell’app di autenticazione').fill(code);
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  expect(await tabLabels(page)).toEqual(['Home', 'Pazienti', 'Preferiti', 'Da approvare', 'Messaggi']);
});

test('a patient types the SMS code, and a remembered device skips it for the next login', async ({
  page,
  browser,
}) => {
  await submitPassword(page, 'giulia.bianchi');
  await expect(page.getByRole('heading', { name: 'Verifica via SMS' })).toBeVisible();
  await expect(page.getByText('Ti abbiamo inviato un codice via SMS al numero ***0002.')).toBeVisible();
  const codeInput = page.getByLabel('Codice ricevuto via SMS');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  // The resend button counts the 60 s cooldown down.
  await expect(page.locator('#resend')).toBeDisabled();
  await expect(page.locator('#resend')).toHaveText(/Nuovo codice tra \d+ s/);

  const code = await readSmsCode(page, 'giulia.bianchi');
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page.getByRole('alert')).toHaveText('Credenziali errate');

  await page.getByLabel('Codice ricevuto via SMS').fill(code);
  await page.getByLabel('Ricorda questo dispositivo per 30 giorni').check();
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Benvenuto/a, Giulia Bianchi')).toBeVisible();

  // Another visit from the same device: only the remembered-device cookie is kept, no IdP session.
  const trusted = (await page.context().cookies()).filter((cookie) => cookie.name === 'idp_trusted');
  expect(trusted).toHaveLength(1);
  expect(trusted[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/idp' });
  const again = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await again.addCookies(trusted);
  const second = await again.newPage();
  await submitPassword(second, 'giulia.bianchi');
  await expect(second).toHaveURL(/\/home$/, { timeout: 30_000 });
  await expect(second.getByText('Benvenuto/a, Giulia Bianchi')).toBeVisible();
  await again.close();
});
