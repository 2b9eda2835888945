/**
 * Screenshots of /fileUpload (phone 390×844 and tablet 820×1180, Italian and English): the patient's
 * list with a pending, a rejected and an approved upload, the upload sheet with an error, and the
 * physician's list and review sheet. Needs a running server with a fresh demo database.
 * Usage: tsx tools/screenshots/uploads.ts [baseUrl]
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { launchChromium, openAs, viewports } from './support';

const baseUrl = process.argv[2] ?? 'http://localhost:4320';
const outDir = 'test-results/screenshots-uploads';
mkdirSync(outDir, { recursive: true });

async function pdf(title: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText('Centro Diagnostico Privato', { x: 60, y: 780, size: 20, font });
  page.drawText(title, { x: 60, y: 740, size: 14, font });
  page.drawText('Esito nella norma. Si consiglia controllo tra 12 mesi.', { x: 60, y: 700, size: 11, font });
  return Buffer.from(await document.save());
}

async function open(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
  language: string,
) {
  const { context, page } = await openAs(browser, baseUrl, username, viewport, language);
  await page.goto(`${baseUrl}/fileUpload`);
  await page.locator('.page-body').first().waitFor();
  await page.waitForTimeout(1200);
  return { context, page };
}

async function upload(page: Page, title: string, type: string): Promise<void> {
  await page
    .locator('ion-button', { hasText: /Carica un documento|Upload a document/ })
    .first()
    .click();
  const sheet = page.locator('ion-modal.upload-sheet');
  await sheet.locator('input[accept="application/pdf,.pdf"]').setInputFiles({
    name: `${title}.pdf`,
    mimeType: 'application/pdf',
    buffer: await pdf(title),
  });
  await sheet.locator('#upload-documentType').selectOption(type);
  await sheet.locator('#upload-title').fill(title);
  await sheet.locator('#upload-documentDate').fill('2026-10-15');
  await sheet.locator('ion-button[type="submit"]').click();
  await sheet.waitFor({ state: 'hidden' });
}

async function review(page: Page, title: string, reason: string | null): Promise<void> {
  await page.locator('article.upload-card', { hasText: title }).locator('ion-button').first().click();
  const sheet = page.locator('ion-modal.review-sheet');
  await sheet.locator('canvas').first().waitFor();
  if (reason) {
    await sheet.locator('ion-button', { hasText: 'Rifiuta' }).click();
    await sheet.locator('textarea').fill(reason);
    await sheet.locator('ion-button', { hasText: 'Conferma il rifiuto' }).click();
  } else {
    await sheet.locator('ion-button', { hasText: 'Approva' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approva' }).click();
  }
  await sheet.waitFor({ state: 'hidden' });
}

const browser = await launchChromium();

// The demo state: three uploads, one rejected and one approved by the physician.
const setup = await open(browser, 'mario.rossi', viewports.phone, 'it');
await upload(setup.page, 'Visita cardiologica privata', 'EXT_REPORT');
await upload(setup.page, 'Esami del sangue ottobre', 'EXT_LAB');
await upload(setup.page, 'Risonanza ginocchio destro', 'EXT_IMAGING');
await setup.context.close();
const physician = await open(browser, 'dott.ferrari', viewports.phone, 'it');
await review(
  physician.page,
  'Esami del sangue ottobre',
  'Manca la seconda pagina con i valori di colesterolo: carica il referto completo.',
);
await review(physician.page, 'Risonanza ginocchio destro', null);
await physician.context.close();

for (const [device, viewport] of Object.entries(viewports))
  for (const language of ['it', 'en'] as const) {
    const name = (what: string): string => `${outDir}/${device}-${language}-${what}.png`;
    const patient = await open(browser, 'mario.rossi', viewport, language);
    await patient.page.screenshot({ path: name('patient-list'), fullPage: false });
    await patient.page
      .locator('ion-button', { hasText: /Carica un documento|Upload a document/ })
      .first()
      .click();
    const sheet = patient.page.locator('ion-modal.upload-sheet');
    await sheet.locator('#upload-title').fill('Referto dermatologico');
    await sheet
      .locator('input[accept="application/pdf,.pdf"]')
      .setInputFiles({ name: 'foto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a') });
    await patient.page.waitForTimeout(600);
    await patient.page.screenshot({ path: name('patient-sheet-error') });
    await sheet.locator('ion-button', { hasText: /Chiudi|Close/ }).click();
    await sheet.waitFor({ state: 'hidden' });
    await patient.page.goto(`${baseUrl}/dossier`);
    await patient.page.locator('.page-body').first().waitFor();
    await patient.page.waitForTimeout(1500);
    await patient.page.screenshot({ path: name('patient-dossier') });
    await patient.context.close();

    const staff = await open(browser, 'dott.ferrari', viewport, language);
    await staff.page.screenshot({ path: name('physician-list') });
    await staff.page.locator('article.upload-card').first().locator('ion-button').first().click();
    await staff.page.locator('ion-modal.review-sheet canvas').first().waitFor();
    await staff.page.waitForTimeout(800);
    await staff.page.screenshot({ path: name('physician-review') });
    await staff.context.close();
  }
await browser.close();
console.log(`screenshots in ${outDir}`);
