import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const PLAN = 'Piano assistenziale diabete';
const ACTIVITY = 'Visita diabetologica di controllo';
/** Screenshots to look at (phone here, tablet below); not assertions. */
const SHOTS = process.env.PAI_SHOTS ?? '/tmp/pai-shots';

async function openPlan(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Piani di cura' }).click();
  await expect(page).toHaveURL(/\/carePlans\/\d+$/);
  const current = page.locator('ion-item', { hasText: PLAN }).filter({ hasText: 'In vigore' });
  await expect(current).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/phone-plans.png` });
  await current.click();
  await expect(page).toHaveURL(/\/pai\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: PLAN })).toBeVisible();
}

test('Mario opens his care plan and marks an activity done; it stays done after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await openPlan(page);

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
