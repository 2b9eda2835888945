import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { login } from './support';

/** A physician on a tablet writes first to her patient, who reads it on his phone. */
test.use({ viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: false });

const PHONE = { width: 390, height: 844 };

async function pdfFile(text: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 18, font });
  return { name: 'glicemia.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
}

const composeOf = (page: Page): Locator => page.locator('ion-modal', { has: page.locator('#message-form') });

async function writeAndSend(compose: Locator, subject: string, body: string): Promise<void> {
  await expect(compose.getByLabel('Mario Rossi', { exact: true })).toBeChecked();
  await compose.getByLabel('Oggetto *').fill(subject);
  await compose.getByLabel('Messaggio *').fill(body);
  await compose.getByRole('button', { name: 'Invia' }).click();
  await expect(compose).toBeHidden();
}

test('dott.ferrari writes first to Mario Rossi from Messaggi and from his record; Mario sees both live', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100000;
  const first = `Esito della glicemia ${stamp}`;
  const second = `Controllo di martedì ${stamp}`;

  // Mario, on his phone, has his (empty) inbox open.
  const marioContext = await browser.newContext({
    ...test.info().project.use,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const mario = await marioContext.newPage();
  await login(mario, 'mario.rossi');
  await expect(mario).toHaveURL(/\/home$/);
  await mario.goto('/messages');
  await expect(mario.getByText('Nessun messaggio ricevuto')).toBeVisible();

  // From Messaggi: the compose sheet searches her patients; Mario, chosen, is ticked as the recipient.
  await login(page, 'dott.ferrari');
  await expect(page).toHaveURL(/\/home$/);
  await page.locator('ion-tab-button', { hasText: 'Messaggi' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await page.getByRole('button', { name: 'Scrivi' }).click();
  const compose = composeOf(page);
  const search = compose.getByLabel('Cerca un paziente');
  await expect(search).toBeVisible();
  await search.fill('r');
  await expect(compose.getByText('Scrivi almeno 2 caratteri.')).toBeVisible();
  await search.fill('Rossi');
  await compose.getByRole('button', { name: /Mario Rossi/ }).click();
  await expect(compose.getByRole('button', { name: 'Cambia paziente' })).toBeVisible();
  // The draft keeps its attachment (and the patient) when the app is closed and opened again.
  await compose.locator('input[type="file"]').setInputFiles(await pdfFile('Glicemia 98 mg/dl'));
  await expect(compose.getByText('glicemia.pdf')).toBeVisible();
  // Closed only once the draft holds what was done: Mario ticked, the file copied (both are asynchronous).
  await expect(compose.getByLabel('Mario Rossi', { exact: true })).toBeChecked();
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('messageFile:'))))
    .toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Riprendi la bozza' }).click();
  await expect(compose.getByText('glicemia.pdf')).toBeVisible();
  await expect(compose.locator('.message-patient-chosen')).toContainText('Mario Rossi');
  await writeAndSend(compose, first, 'Buongiorno, i valori della glicemia sono nella norma.');
  await expect(page.locator('ion-item.message-item', { hasText: first })).toContainText('Non ancora letto');

  // Mario's phone: the message arrives without a reload.
  await expect(mario.locator('ion-item.message-item', { hasText: first })).toBeVisible();
  await mario.locator('ion-item.message-item', { hasText: first }).click();
  const firstOpen = mario.locator('ion-modal', { has: mario.locator('.message-thread') });
  await expect(firstOpen.locator('.message-body')).toContainText('glicemia sono nella norma');
  await expect(firstOpen.getByText('glicemia.pdf')).toBeVisible();
  await firstOpen.getByRole('button', { name: 'Chiudi' }).click();
  await expect(firstOpen).toBeHidden();

  // From his record: "Scrivi al paziente" opens the sheet with Mario chosen.
  await page.goto('/patients');
  await page.getByLabel('Cognome').fill('Rossi');
  await page.getByLabel('Nome', { exact: true }).fill('Mario');
  await page.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(page).toHaveURL(/\/patientInfo\/\d+$/);
  await page.locator('ion-button', { hasText: 'Scrivi al paziente' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  const fromRecord = composeOf(page);
  await expect(fromRecord.locator('.message-patient-chosen')).toContainText('Mario Rossi');
  await writeAndSend(fromRecord, second, 'La aspetto martedì alle 9 in ambulatorio.');

  await expect(mario.locator('ion-item.message-item', { hasText: second })).toBeVisible();
  await mario.locator('ion-item.message-item', { hasText: second }).click();
  const reading = mario.locator('ion-modal', { has: mario.locator('.message-thread') });
  await expect(reading.locator('.message-body')).toContainText('martedì alle 9');
  await marioContext.close();
});
