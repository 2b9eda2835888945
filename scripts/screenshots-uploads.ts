/**
 * Screenshots of /fileUpload (phone 390×844 and tablet 820×1180, Italian and English): the patient's
 * list with a pending, a rejected and an approved upload, the upload sheet with an error, and the
 * physician's list and review sheet. Needs a running server with a fresh demo database.
 * Usage: tsx scripts/screenshots-uploads.ts [baseUrl]
 */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const baseUrl = process.argv[2] ?? 'http://localhost:4320';
const outDir = 'test-results/screenshots-uploads';
mkdirSync(outDir, { recursive: true });
const viewports = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 } } as const;

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
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: language });
  await context.addInitScript((lang) => localStorage.setItem('language', JSON.stringify(lang)), language);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill('Dossier2026!');
  await page.locator('form button[type="submit"]').click();
  await page.locator('#code').or(page.locator('ion-tab-bar')).first().waitFor();
  if (await page.locator('#code').isVisible()) {
    const sms = await page.request.get(`${baseUrl}/dev/sms.json?username=${username}`);
    const { messages } = (await sms.json()) as { messages: { body: string }[] };
    await page.locator('#code').fill(messages[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '');
    await page.locator('form button[type="submit"]').first().click();
  }
  await page.waitForURL(/\/home$/);
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

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

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
