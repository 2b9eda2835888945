import { expect, type Page, test } from '@playwright/test';
import { login } from './support';
import { openForReview, openFromMenu, upload } from './support-uploads';

test('a patient uploads a PDF, the physician rejects it with a reason, the patient reads the reason', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Documenti caricati');
  await expect(page).toHaveURL(/\/fileUpload$/);

  // Bytes that are not a PDF, even named .pdf: refused on the phone, and what was typed stays.
  await page.getByRole('button', { name: 'Carica un documento' }).first().click();
  const sheet = page.locator('ion-modal.upload-sheet');
  await sheet.getByLabel('Titolo *').fill('Esame del sangue');
  await sheet.locator('input[accept="application/pdf,.pdf"]').setInputFiles({
    name: 'finto.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('GIF89a immagine'),
  });
  await expect(sheet.getByRole('alert')).toContainText("Il formato del documento dev'essere .pdf");
  await expect(sheet.getByLabel('Titolo *')).toHaveValue('Esame del sangue');
  await sheet.getByRole('button', { name: 'Chiudi' }).click();
  await expect(sheet).toBeHidden();

  const title = `Visita ortopedica esterna ${Date.now() % 100000}`;
  await upload(page, title);
  // The patient waits on the home while the physician reviews: what changes reaches it live.
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Cosa ti aspetta' })).toBeVisible();

  const staffContext = await browser.newContext(test.info().project.use);
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await expect(
    staff.locator('ion-tab-button', { hasText: 'Da approvare' }).locator('.uploads-badge'),
  ).toBeVisible();
  await openForReview(staff, title);
  const review = staff.locator('ion-modal.review-sheet');
  await review.getByRole('button', { name: 'Rifiuta' }).click();
  await review.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(review.getByRole('alert')).toContainText('Il motivo del rifiuto è obbligatorio');
  const reason = 'La seconda pagina manca: carica il referto completo';
  await review.getByLabel('Motivo del rifiuto *').fill(reason);
  await review.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(review).toBeHidden();
  await expect(staff.locator('article.upload-card', { hasText: title })).toContainText('Rifiutato');
  await staffContext.close();

  // The patient is told on the home and in the menu without reloading, and reads the reason.
  await expect(page.locator('ion-item', { hasText: title })).toContainText('Rifiutato dal medico');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(
    page.locator('ion-menu ion-item', { hasText: 'Documenti caricati' }).locator('.uploads-badge'),
  ).toHaveText('1');
  await page.locator('ion-menu ion-item', { hasText: 'Documenti caricati' }).click();
  const card = page.locator('section[aria-label="Rifiutati"] article.upload-card', { hasText: title });
  await expect(card).toContainText('Motivo del rifiuto');
  await expect(card).toContainText(reason);
  await expect(card.getByRole('button', { name: 'Modifica' })).toHaveCount(0);
});

/** A phone photo of a page: a JPEG drawn by the browser itself. */
async function photo(page: Page, name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 1600;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.fillStyle = '#fdfdf8';
    context.fillRect(0, 0, 1200, 1600);
    context.fillStyle = '#111';
    context.font = '64px sans-serif';
    context.fillText('Ecografia addome', 100, 200);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  });
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(data, 'base64') };
}

test('a scan the physician approves appears in the patient dossier', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Documenti caricati');
  const title = `Ecografia addome esterna ${Date.now() % 100000}`;
  // Two photos taken with the camera become one PDF on the phone.
  await page.getByRole('button', { name: 'Carica un documento' }).first().click();
  const sheet = page.locator('ion-modal.upload-sheet');
  const camera = sheet.locator('input[accept="image/*"]');
  await expect(camera).toHaveAttribute('capture', 'environment');
  await camera.setInputFiles([await photo(page, 'IMG_0001.jpg'), await photo(page, 'IMG_0002.jpg')]);
  await expect(sheet.getByText('Pagine fotografate: 2')).toBeVisible();
  await sheet.getByLabel('Tipo di documento *').selectOption('EXT_IMAGING');
  await sheet.getByLabel('Titolo *').fill(title);
  await sheet.getByRole('button', { name: 'Carica il documento' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('article.upload-card', { hasText: title })).toContainText(
    'In attesa di approvazione',
  );

  const staffContext = await browser.newContext(test.info().project.use);
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await openForReview(staff, title);
  await staff.locator('ion-modal.review-sheet').getByRole('button', { name: 'Approva' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Approva' }).click();
  await expect(staff.locator('ion-modal.review-sheet')).toBeHidden();
  await expect(staff.locator('article.upload-card', { hasText: title })).toContainText('Approvato');
  await staffContext.close();

  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Dossier' }).click();
  await expect(page).toHaveURL(/\/dossier$/);
  const listed = page.locator('.dossier-page').getByText(title).first();
  await expect(listed).toBeVisible();
  await expect(page.locator('.dossier-page').getByText('Caricato dal paziente').first()).toBeVisible();
  // Opened from the dossier, it is the very PDF made on the phone: two pages.
  await listed.click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(page.locator('.pdf-page')).toHaveCount(2);
});
