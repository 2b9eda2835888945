import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login, openMarioProjects, smsBodies } from './support';

const PLAN = 'Piano assistenziale diabete';
const PROJECT = 'Diabete Insieme';
const ACTIVITY = 'Visita diabetologica di controllo';
const SIGNING_PIN = '123456'; // README: the demo signing PIN of every account
/** Screenshots to look at (phone here, tablet below); not assertions. */
const SHOTS = process.env.PAI_SHOTS ?? '/tmp/pai-shots';

/** The demo only invites Mario to the plan's project: the plan waits for him ("In attesa di adesione"). */
async function openPlan(page: Page, state = 'In attesa di adesione'): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Piani di cura' }).click();
  await expect(page).toHaveURL(/\/carePlans\/\d+$/);
  const current = page.locator('ion-item', { hasText: PLAN }).filter({ hasText: state });
  await expect(current).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-plans.png` });
  await current.click();
  await expect(page).toHaveURL(/\/pai\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: PLAN })).toBeVisible();
}

function primary(page: Page, name: string) {
  return page.locator('.wizard-footer ion-button', { hasText: name });
}

/** Mario accepts the invitation from the plan's notice: the project's form, then PIN, SMS code, signature. */
async function joinFromNotice(page: Page): Promise<void> {
  await page.locator('.pai-notice ion-button', { hasText: "Vai all'invito" }).click();
  await expect(page).toHaveURL(/\/consents\/\d+$/);
  await page
    .locator('article.invitation-card', { hasText: PROJECT })
    .getByRole('button', { name: 'Accetta e firma' })
    .click();
  await expect(page).toHaveURL(/\/sign-new-consents\?.*projectId=/);
  // The project's form: its notice is shown above the tick (e2e/projects.spec.ts checks the order).
  await page.getByLabel("Dichiaro di aver letto l'informativa del progetto").check();
  await page.getByLabel('Glucometro').check();
  await primary(page, 'Continua').click();
  await expect(page.locator('.wizard-step-title')).toHaveText('Leggi il documento');
  // Scrolling to the end of the drawn document ticks the box (the PDF takes a while on a loaded machine).
  await expect(page.locator('.pdf-page canvas').first()).toBeVisible({ timeout: 30_000 });
  const box = page.getByLabel('Ho letto il documento');
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeChecked({ timeout: 20_000 });
  await primary(page, 'Ho letto, continua').click();
  const before = (await smsBodies(page, 'mario.rossi')).length;
  await page.getByLabel('PIN').fill(SIGNING_PIN);
  await primary(page, 'Invia il codice').click();
  await expect.poll(async () => (await smsBodies(page, 'mario.rossi')).length).toBeGreaterThan(before);
  const [newest = ''] = await smsBodies(page, 'mario.rossi');
  await page.getByLabel('Codice ricevuto via SMS').fill(newest.match(/\b(\d{6})\b/)?.[1] ?? '');
  await primary(page, 'Firma').click();
  await expect(page.locator('.wizard-step-title')).toHaveText('Firma completata');
  await primary(page, 'Fine').click();
  await expect(page).toHaveURL(/\/consents\/\d+$/);
}

/** The demo data is shared with the later journeys: the physician puts Mario back to invited only. */
async function inviteOnlyAgain(browser: Browser): Promise<void> {
  const tablet = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 820, height: 1180 },
  });
  const staff = await tablet.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/, { timeout: 30_000 });
  await openMarioProjects(staff);
  const card = staff.locator('article.project-card', { hasText: PROJECT });
  await card.getByRole('button', { name: `Rimuovi dal progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Rimuovi', exact: true }).click();
  await card.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  await tablet.close();
}

test('an only-invited patient reads why his plan is not in force and cannot mark done; once he joins he can', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await openPlan(page);

  // Only invited: the plan says why it does not apply yet, and offers neither "done" nor reminders.
  const notice = page.locator('.pai-notice');
  await expect(
    notice.getByRole('heading', { name: 'In attesa della tua adesione al progetto' }),
  ).toBeVisible();
  await expect(notice).toContainText(`quando aderisci al progetto «${PROJECT}»`);
  await expect(page.locator('.pai-header .pai-chip')).toHaveText('In attesa di adesione');
  await expect(page.locator('article.pai-activity', { hasText: ACTIVITY })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Segna come svolta' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Promemoria' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/phone-plan-invited.png`, fullPage: true });
  // He joins from the notice, and the plan is in force.
  await joinFromNotice(page);
  await openPlan(page, 'In vigore');
  await expect(page.locator('.pai-notice')).toHaveCount(0);
  await expect(page.locator('.pai-header .pai-chip')).toHaveText('In vigore');

  const card = page.locator('article.pai-activity', { hasText: ACTIVITY });
  await expect(card.locator('.pai-chip')).toHaveText('Da svolgere');
  await expect(page.locator('.pai-folder', { hasText: 'Educazione terapeutica' })).toContainText(
    'Nessun documento in questa cartella',
  );
  await page.screenshot({ path: `${SHOTS}/phone-plan.png`, fullPage: true });

  // Reminders: a sheet of day chips.
  await card.getByRole('button', { name: 'Promemoria' }).click();
  const reminders = page.locator('ion-modal', { hasText: 'Quando vuoi ricevere un promemoria?' });
  await reminders.getByRole('button', { name: '2 giorni prima' }).click();
  await expect(reminders.getByRole('button', { name: '2 giorni prima' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.screenshot({ path: `${SHOTS}/phone-reminders.png` });
  await reminders.getByRole('button', { name: 'Salva' }).click();
  await expect(card).toContainText('Promemoria: 1 giorno prima, 2 giorni prima');

  // Done: the sheet proposes today, then a confirmation.
  await card.getByRole('button', { name: 'Segna come svolta' }).click();
  const sheet = page.locator('ion-modal', { hasText: 'Data di svolgimento' });
  const today = await page.evaluate(() => {
    const now = new Date();
    return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  });
  await expect(sheet.getByLabel('Data di svolgimento')).toHaveValue(today);
  await page.screenshot({ path: `${SHOTS}/phone-done-sheet.png` });
  await sheet.getByRole('button', { name: 'Segna come svolta' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText("Confermi che l'attività è stata svolta?");
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await expect(card.locator('.pai-chip')).toHaveText('Svolta');

  await page.reload();
  const again = page.locator('article.pai-activity', { hasText: ACTIVITY });
  await expect(again.locator('.pai-chip')).toHaveText('Svolta');
  await expect(again).toContainText('segnata da Mario Rossi');
  await expect(again.getByRole('button', { name: 'Segna come svolta' })).toHaveCount(0);
  await expect(page.getByText('Attività svolte: 2 su 4')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-plan-done.png`, fullPage: true });
  await inviteOnlyAgain(browser);
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });
  test('the replaced plan shows no activities to the patient and points to the plan in force', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await openPlan(page);
    await page.screenshot({ path: `${SHOTS}/tablet-plan.png`, fullPage: true });
    await page.goBack();
    await page.locator('ion-item', { hasText: 'Sostituito' }).click();
    await expect(page.getByText('Questo piano non è più in vigore')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/tablet-replaced.png` });
    await page.locator('ion-button', { hasText: 'Apri il piano in vigore' }).click();
    await expect(page.getByRole('heading', { level: 1, name: PLAN })).toBeVisible();
  });
});

test.describe('staff on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });
  test('a physician of the project reaches the plan from the patient record and reads the replaced one', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    await login(page, 'dott.ferrari');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    await page.goto('/patients');
    await page.getByLabel('Cognome').fill('Rossi');
    await page.getByLabel('Nome', { exact: true }).fill('Mario');
    await page.getByRole('link', { name: 'Rossi Mario' }).first().click();
    await page.locator('ion-button', { hasText: 'Piani di cura' }).click();
    await expect(page).toHaveURL(/\/carePlans\/\d+$/);
    await page.locator('ion-item', { hasText: 'Sostituito' }).click();
    // Staff read a replaced plan's activities, without actions.
    await expect(page.locator('article.pai-activity')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Segna come svolta' })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/tablet-staff-replaced.png` });
  });
});
