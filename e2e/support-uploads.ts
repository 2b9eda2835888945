/** Steps of the upload journeys, shared by the uploads and notifications specs. */
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF, as a patient would have on the phone. */
export async function pdfFile(text: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 18, font });
  return {
    name: 'referto_esterno.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(await document.save()),
  };
}

export async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: entry }).click();
}

/** The patient fills the upload sheet and sends it. */
export async function upload(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Carica un documento' }).first().click();
  const sheet = page.locator('ion-modal.upload-sheet');
  await expect(sheet.getByText('Scegli un PDF')).toBeVisible();
  await sheet.locator('input[accept="application/pdf,.pdf"]').setInputFiles(await pdfFile(title));
  await sheet.getByLabel('Tipo di documento *').selectOption('EXT_REPORT');
  await sheet.getByLabel('Titolo *').fill(title);
  await sheet.getByRole('button', { name: 'Carica il documento' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.locator('article.upload-card', { hasText: title })).toContainText(
    'In attesa di approvazione',
  );
}

/** The physician opens the upload from the "Da approvare" tab and sees its pages. */
export async function openForReview(staff: Page, title: string): Promise<void> {
  await staff.locator('ion-tab-bar ion-tab-button', { hasText: 'Da approvare' }).click();
  await expect(staff).toHaveURL(/\/fileUpload$/);
  await staff
    .locator('article.upload-card', { hasText: title })
    .getByRole('button', { name: 'Apri ed esamina' })
    .click();
  await expect(staff.locator('ion-modal.review-sheet canvas').first()).toBeVisible();
}
