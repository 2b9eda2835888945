import { expect, type Page, test } from '@playwright/test';
import { chooseNewPassword, login, readSmsCode, smsBodiesTo } from './support';

const GUEST_PHONE = '+39 333 9876543';

interface DocumentListReply {
  documents: { id: number; title: string; viewable: boolean }[];
}

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
const current = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();

/** The next successful `GET /documents` reply while `open` runs. */
async function listReply(page: Page, open: () => Promise<unknown>): Promise<DocumentListReply> {
  const reply = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/documents' && response.status() === 200,
  );
  await open();
  return (await (await reply).json()) as DocumentListReply;
}

function isoDayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test('a patient authorises a guest to download two documents; the guest sees exactly those until revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Persone autorizzate' }).click();
  await expect(page).toHaveURL(/\/guests$/);
  await current(page).getByRole('button', { name: 'Autorizza una persona' }).click();
  await expect(page).toHaveURL(/\/guestwizard$/);

  // One question per screen; "Avanti" refuses an unanswered one.
  const wizard = current(page);
  await wizard.getByRole('button', { name: 'Avanti' }).click();
  await expect(wizard.getByText('Scegli la relazione con la persona')).toBeVisible();
  await wizard.getByText('Figlio o figlia').click();
  await wizard.getByRole('button', { name: 'Avanti' }).click();
  await wizard.getByText('Delega', { exact: true }).click();
  await wizard.getByRole('button', { name: 'Avanti' }).click();
  await wizard.locator('input[type="date"]').fill(isoDayFromToday(30));
  await wizard.getByRole('button', { name: 'Avanti' }).click();
  await wizard.getByText('Scaricare i documenti').click();
  const dossier = await listReply(page, () => wizard.getByRole('button', { name: 'Avanti' }).click());
  // Documents nobody can read are not offered.
  const chosen = dossier.documents.filter((document) => document.viewable).slice(0, 2);
  expect(chosen).toHaveLength(2);
  for (const document of chosen)
    await wizard.locator('label.guest-choice', { hasText: document.title }).first().locator('input').check();
  await expect(wizard.getByText('2 documenti scelti')).toBeVisible();
  await wizard.getByRole('button', { name: 'Avanti' }).click();

  // The person: the e-mail is checked, and nothing typed is lost.
  await wizard.getByRole('textbox', { name: 'Nome', exact: true }).fill('Laura');
  await wizard.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Bianchi');
  await wizard.getByRole('textbox', { name: 'Codice fiscale', exact: true }).fill('bnclra90a41h501x');
  await wizard.getByRole('textbox', { name: 'Cellulare', exact: true }).fill(GUEST_PHONE);
  await wizard.getByRole('textbox', { name: 'Email', exact: true }).fill('laura.bianchi@');
  await wizard.getByRole('button', { name: 'Vai alla firma' }).click();
  await expect(wizard.getByText('Inserisci una Email valida.')).toBeVisible();
  await expect(wizard.getByRole('textbox', { name: 'Codice fiscale', exact: true })).toHaveValue(
    'BNCLRA90A41H501X',
  );
  await wizard.getByRole('textbox', { name: 'Email', exact: true }).fill('laura.bianchi@example.it');
  await wizard.getByRole('button', { name: 'Vai alla firma' }).click();

  // The signature: read the authorisation, PIN, SMS code.
  await expect(page).toHaveURL(/\/guestwizard\/sign$/);
  await page.getByText('Ho letto il documento').click();
  await page.getByRole('button', { name: 'Ho letto, continua' }).click();
  await page.getByLabel('PIN').first().fill('123456');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  const codeField = page.getByLabel('Codice ricevuto via SMS');
  await expect(codeField).toBeVisible();
  await codeField.fill(await readSmsCode(page, 'mario.rossi'));
  await page.getByRole('button', { name: 'Firma', exact: true }).click();
  await expect(
    page.getByText('Autorizzazione firmata: la persona riceverà le credenziali via SMS.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Fine' }).click();
  await expect(page.getByText('Laura Bianchi è ora una persona autorizzata.')).toBeVisible();
  const card = page.locator('li.guest-card:visible', { hasText: 'Laura Bianchi' });
  await expect(card).toContainText('2 documenti condivisi');
  await expect(card).toContainText('Scaricare i documenti');

  // The guest reads the credentials on the phone and logs in (with the SMS code of the strong login).
  const [credentials] = await smsBodiesTo(page, GUEST_PHONE);
  const found = credentials?.match(/Utente: (\S+) Password temporanea: (\S+)$/);
  expect(found, credentials).toBeTruthy();
  const [, username = '', password = ''] = found ?? [];
  const guestContext = await browser.newContext(test.info().project.use);
  const guest = await guestContext.newPage();
  await login(guest, username, password);
  // The temporary password must be replaced: the IdP refuses to keep it, then takes the new one.
  await chooseNewPassword(guest, password);
  await expect(guest.getByRole('alert')).toHaveText(
    'La nuova password deve essere diversa da quella temporanea.',
  );
  await expect(guest.getByLabel('Nuova password', { exact: true })).toHaveValue('');
  // A passphrase the policy takes: 12+ characters, not common, without her name.
  await chooseNewPassword(guest, 'una gita sul lago di Garda');
  await expect(guest).toHaveURL(/\/home$/);
  await expect(guest.getByText('Vedi i documenti di Mario Rossi')).toBeVisible();
  const seen = await listReply(guest, () =>
    guest.locator('ion-tab-bar ion-tab-button', { hasText: 'Dossier' }).click(),
  );
  expect(seen.documents.map((document) => document.id).sort()).toEqual(
    chosen.map((document) => document.id).sort(),
  );
  for (const document of chosen)
    await expect(guest.getByText(document.title).filter({ visible: true }).first()).toBeVisible();

  // The patient revokes; the guest's next request is refused, whatever token the guest holds.
  await card.getByRole('button', { name: 'Revoca Laura Bianchi' }).click();
  await page.getByRole('button', { name: "Revoca l'autorizzazione", exact: true }).click();
  await expect(page.getByText('Autorizzazione di Laura Bianchi revocata.')).toBeVisible();
  await expect(page.locator('li.guest-card:visible', { hasText: 'Laura Bianchi' })).toHaveCount(0);
  const refused = guest.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 403,
  );
  await guest.reload();
  expect((await refused).status()).toBe(403);
  // Refused on the profile call too: the portal sends the guest out.
  await expect(guest.getByText('Vedi i documenti di Mario Rossi')).toHaveCount(0);
  await guestContext.close();
});
