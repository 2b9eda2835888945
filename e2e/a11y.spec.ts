import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  Audit,
  chooseLanguage,
  closeMenu,
  current,
  expectNamedSheet,
  LANGUAGES,
  type Language,
  named,
  open,
  openMenu,
  openSheet,
  ownPatientId,
} from './a11y-support';
import { login } from './support';

/**
 * axe-core (WCAG 2.0–2.2 A and AA rules) on every screen state the journeys visit, in Italian and in
 * English: no critical and no serious violation. Each role logs in once; the language is switched as
 * the portal keeps it (local storage) and the screens are opened again.
 */
async function pdfFile(text: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText(text, { x: 60, y: 760, size: 18, font });
  return { name: 'referto.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
}

async function patientScreens(page: Page, audit: Audit, language: Language, id: string): Promise<void> {
  const at = (state: string): string => `patient ${language} ${state}`;
  await open(page, '/home');
  await audit.check(page, at('home'));
  await openMenu(page);
  await audit.check(page, at('side menu'));
  await closeMenu(page);

  await open(page, '/dossier');
  const firstDocument = current(page).locator('button.doc-title').first();
  await expect(firstDocument).toBeVisible();
  await audit.check(page, at('dossier'));
  await named(current(page), 'Filtri', 'Filters').click();
  await expect(openSheet(page)).toBeVisible();
  await expectNamedSheet(page);
  await audit.check(page, at('dossier filter sheet'));
  await named(openSheet(page), 'Chiudi', 'Close').click();
  await expect(openSheet(page)).toBeHidden();
  await expect(named(current(page), 'Filtri', 'Filters')).toBeFocused();
  await named(current(page), 'Guida di questa pagina', 'Help for this page').click();
  await expect(openSheet(page)).toBeVisible();
  await audit.check(page, at('dossier help sheet'));
  await named(openSheet(page), 'Chiudi', 'Close').click();
  await expect(openSheet(page)).toBeHidden();
  // Focus follows the journey: the viewer's heading, then back on the document that was opened.
  await firstDocument.click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect(current(page).locator('h1')).toBeFocused();
  await expect(page).toHaveTitle(/ · /);
  await expect(current(page).locator('.pdf-page canvas').first()).toBeVisible();
  await audit.check(page, at('document viewer'));
  await named(current(page), 'Indietro', 'Back').click();
  await expect(page).toHaveURL(/\/dossier$/);
  await expect(firstDocument).toBeFocused();

  await open(page, `/consents/${id}`);
  await expect(current(page).locator('.consent-card').first()).toBeVisible();
  await audit.check(page, at('consents'));
  await current(page)
    .locator('.consent-card ion-button', { hasText: /Dai il consenso|Rinnova|Give consent|Renew/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/sign-new-consents\?/);
  await expect(current(page).locator('h1, h2').first()).toBeVisible();
  await audit.check(page, at('consent form'));

  await open(page, `/archiverequest/${id}`);
  await audit.check(page, at('requests archive'));
  await open(page, `/documentrequest/${id}`);
  const rows = current(page).locator('.request-item');
  await expect(rows.first()).toBeVisible();
  await audit.check(page, at('new report request, documents'));
  await rows.first().getByRole('checkbox').first().check();
  await named(current(page), 'Avanti', 'Next').click();
  await expect(current(page).locator('input[type="radio"], ion-radio').first()).toBeVisible();
  await audit.check(page, at('new report request, delivery'));
  // The draft is kept: back to the first step with nothing chosen, as the next pass expects.
  await named(current(page), 'Indietro', 'Back').click();
  await rows.first().getByRole('checkbox').first().uncheck();
  await open(page, `/clinicalrequest/${id}`);
  await audit.check(page, at('new record request'));

  await open(page, '/fileUpload');
  await audit.check(page, at('uploads'));
  await named(current(page), 'Carica un documento', 'Upload a document').first().click();
  await expect(page.locator('ion-modal.upload-sheet')).toBeVisible();
  await expectNamedSheet(page);
  await audit.check(page, at('upload sheet'));
  await named(page.locator('ion-modal.upload-sheet'), 'Chiudi', 'Close').click();

  await open(page, '/guests');
  await audit.check(page, at('guests'));
  await named(current(page), 'Autorizza una persona', 'Authorise a person').click();
  await expect(page).toHaveURL(/\/guestwizard$/);
  await audit.check(page, at('guest wizard'));
  await open(page, `/datahistory/${id}`);
  await audit.check(page, at('history'));
  await open(page, '/timeline');
  await expect(current(page).locator('.tl-cluster').first()).toBeVisible();
  await audit.check(page, at('timeline'));
  await open(page, `/patientInfo/${id}`);
  await audit.check(page, at('personal record'));
  await page.goto('/no-such-screen');
  await expect(current(page).locator('h1').first()).toBeVisible();
  await audit.check(page, at('unknown route'));
}

test('the patient’s screens have no serious accessibility problem, in Italian and English', async ({
  page,
}) => {
  // Dozens of screens audited in two languages, beside the CPU-bound unit tests on 2 cores: the walk has
  // taken over 4 minutes while still progressing (a CI run of 2026-11-28), so it gets room.
  test.setTimeout(600_000);
  const audit = new Audit();
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const id = await ownPatientId(page);
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    await patientScreens(page, audit, language, id);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  audit.assertClean();
});

test('the guest’s, the physician’s and the operator’s screens have no serious accessibility problem', async ({
  browser,
}) => {
  // Dozens of screens audited in two languages, beside the CPU-bound unit tests on 2 cores: the walk has
  // taken over 4 minutes while still progressing (a CI run of 2026-11-28), so it gets room.
  test.setTimeout(600_000);
  const audit = new Audit();
  const contexts: BrowserContext[] = [];
  const contextFor = async (username: string): Promise<Page> => {
    const context = await browser.newContext(test.info().project.use);
    contexts.push(context);
    const page = await context.newPage();
    await login(page, username);
    await expect(page).toHaveURL(/\/home$/);
    return page;
  };

  // Mario uploads a PDF for the physician's review sheet (deleted again at the end).
  const patient = await contextFor('mario.rossi');
  const title = `Referto esterno a11y ${Date.now() % 100000}`;
  await open(patient, '/fileUpload');
  await named(current(patient), 'Carica un documento', 'Upload a document').first().click();
  const sheet = patient.locator('ion-modal.upload-sheet');
  await sheet.locator('input[accept="application/pdf,.pdf"]').setInputFiles(await pdfFile(title));
  await sheet.getByLabel('Tipo di documento *').selectOption('EXT_REPORT');
  await sheet.getByLabel('Titolo *').fill(title);
  await sheet.getByRole('button', { name: 'Carica il documento' }).click();
  await expect(sheet).toBeHidden();

  const guest = await contextFor('ospite');
  const physician = await contextFor('dott.ferrari');
  const operator = await contextFor('operatore');
  const patientId = await ownPatientId(patient);

  for (const language of LANGUAGES) {
    for (const page of [guest, physician, operator]) await chooseLanguage(page, language);
    const at = (who: string, state: string): string => `${who} ${language} ${state}`;

    await open(guest, '/home');
    await audit.check(guest, at('guest', 'home'));
    await open(guest, '/dossier');
    await expect(current(guest).locator('button.doc-title').first()).toBeVisible();
    await audit.check(guest, at('guest', 'dossier'));
    await current(guest).locator('button.doc-title').first().click();
    await expect(current(guest).locator('.pdf-page canvas').first()).toBeVisible();
    await audit.check(guest, at('guest', 'document viewer'));

    await open(physician, '/home');
    await audit.check(physician, at('physician', 'home'));
    await open(physician, '/patients');
    await audit.check(physician, at('physician', 'patient list'));
    await open(physician, `/patientInfo/${patientId}`);
    await audit.check(physician, at('physician', 'patient record'));
    await open(physician, `/dossier/${patientId}`);
    await expect(current(physician).locator('button.doc-title').first()).toBeVisible();
    await audit.check(physician, at('physician', 'patient dossier'));
    await open(physician, '/fileUpload');
    await audit.check(physician, at('physician', 'approvals'));
    await current(physician)
      .locator('article.upload-card', { hasText: title })
      .getByRole('button', { name: /Apri ed esamina|Open and review/ })
      .click();
    await expect(physician.locator('ion-modal.review-sheet canvas').first()).toBeVisible();
    await expectNamedSheet(physician);
    await audit.check(physician, at('physician', 'review sheet'));
    await named(openSheet(physician), 'Chiudi', 'Close').click();
    await expect(openSheet(physician)).toBeHidden();
    await openMenu(physician);
    await audit.check(physician, at('physician', 'side menu'));

    await open(operator, '/home');
    await audit.check(operator, at('operator', 'home'));
    await open(operator, '/patients');
    await audit.check(operator, at('operator', 'patient list'));
    await open(operator, `/patientInfo/${patientId}`);
    await audit.check(operator, at('operator', 'patient record'));
  }

  await open(patient, '/fileUpload');
  await current(patient)
    .locator('article.upload-card', { hasText: title })
    .getByRole('button', { name: 'Elimina' })
    .click();
  await patient.locator('ion-alert button', { hasText: 'Elimina' }).click();
  await expect(current(patient).locator('article.upload-card', { hasText: title })).toHaveCount(0);
  for (const context of contexts) await context.close();
  audit.assertClean();
});

test('the login page has no serious accessibility problem, in Italian and English', async ({ page }) => {
  const audit = new Audit();
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
  await audit.check(page, 'login it');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await audit.check(page, 'login en');
  audit.assertClean();
});
