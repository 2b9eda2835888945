/**
 * Results as data: Mario on a 360 px phone opens Esami from the side menu, his HbA1c's trend (chart, range,
 * every value in a table) and the report a value came from; he enters a blood pressure (a slip refused
 * beside its field first) and corrects it (two versions), and a physician on a tablet opens Mario's results from his dossier and sees the
 * reading marked as entered by the patient. With SHOTS_DIR set, the screens are photographed at 390x844,
 * 360x640 and 820x1180, in Italian and English.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Audit, chooseLanguage, current, type Language, openSheet } from './a11y-support';
import { login } from './support';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 640 };
const TABLET = { width: 820, height: 1180 };
const HBA1C = 'Emoglobina glicata (HbA1c)';

/** Screenshots only when asked for (`SHOTS_DIR`, e.g. test-results/screenshots-results): CI writes none. */
async function shot(page: Page, name: string, sizes = [PHONE, SMALL_PHONE, TABLET]): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize() ?? PHONE;
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(before);
}

async function loggedIn(browser: Browser, username: string, viewport: { width: number; height: number }) {
  const page = await (await browser.newContext({ ...test.info().project.use, viewport })).newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  return page;
}

async function noOverflow(page: Page): Promise<void> {
  const overflow = await current(page)
    .locator('.page-body')
    .evaluate((body) => body.scrollWidth - body.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const TEXT = {
  it: {
    screen: 'Esami',
    trend: /^Andamento di Emoglobina glicata/,
    table: 'Tutti i valori, dal più recente',
    high: '↑ Alto',
  },
  en: { screen: 'Results', trend: /^Trend of /, table: 'Every value, newest first', high: '↑ High' },
} as const satisfies Record<Language, unknown>;

test('Mario on a 360 px phone reads his HbA1c trend, chart and table, and opens the report of a value', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await loggedIn(browser, 'mario.rossi', SMALL_PHONE);
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: /^\s*Esami\s*$/ }).click();
  await expect(page).toHaveURL(/\/results$/);
  const list = current(page);
  await expect(list.locator('h1')).toHaveText('Esami');
  const row = list
    .getByRole('region', { name: 'Esami di laboratorio' })
    .locator('ion-item', { hasText: HBA1C });
  await expect(row).toContainText(/\d+ mmol\/mol/);
  await expect(row).toContainText(TEXT.it.high);
  const latest = (await row.locator('.analyte-number').textContent())?.trim() ?? '';
  const count = Number(
    /^(\d+) valori$/.exec((await row.locator('.analyte-meta span').last().textContent()) ?? '')?.[1],
  );
  expect(count).toBeGreaterThan(3);
  await noOverflow(page);
  const audit = new Audit();
  await audit.check(page, 'results list');
  await shot(page, 'patient-it-list');

  await row.click();
  await expect(page).toHaveURL(/\/results\/trend\/59261-8$/);
  const trend = current(page);
  await expect(trend.locator('h1')).toHaveText('Andamento');
  await expect(trend.getByRole('heading', { level: 2, name: HBA1C })).toBeVisible();
  const chart = trend.getByRole('img', { name: TEXT.it.trend });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(new RegExp(`: ${count} valori dal`));
  await expect(chart.locator('rect.trend-band')).toHaveCount(1);
  await expect(chart.locator('circle.trend-mark-hospital')).toHaveCount(count);
  // The chart fits the phone: drawn at the width it is given.
  expect((await chart.boundingBox())?.width ?? 999).toBeLessThanOrEqual(SMALL_PHONE.width);
  const table = trend.getByRole('table', { name: TEXT.it.table });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(count);
  // The list's latest value is the table's first row (its unit heads the column).
  await expect(rows.first().locator('.trend-value')).toHaveText(latest.replace(' mmol/mol', ''));
  await noOverflow(page);
  await audit.check(page, 'trend');
  audit.assertClean();
  await shot(page, 'patient-it-trend');
  await table.scrollIntoViewIfNeeded();
  await shot(page, 'patient-it-trend-table');

  // The newest value's report opens in the document viewer, its pages drawn.
  const report = rows.first().getByRole('link', { name: /^Apri il referto del \d{2}\/\d{2}\/\d{4}$/ });
  await report.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  await expect.poll(() => page.locator('.pdf-page canvas').count(), { timeout: 30_000 }).toBeGreaterThan(0);

  // The same screens in English.
  await chooseLanguage(page, 'en');
  await page.goto('/results/trend/59261-8');
  await expect(current(page).getByRole('img', { name: TEXT.en.trend })).toBeVisible();
  await expect(current(page).getByRole('table', { name: TEXT.en.table })).toBeVisible();
  await shot(page, 'patient-en-trend');
  await page.goto('/results');
  await expect(current(page).locator('h1')).toHaveText(TEXT.en.screen);
  await expect(current(page).getByRole('region', { name: 'Laboratory results' })).toContainText(TEXT.en.high);
  await shot(page, 'patient-en-list');
  await page.context().close();
});

test('Mario enters a blood pressure on his phone; a physician on a tablet sees it marked as the patient’s', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await loggedIn(browser, 'mario.rossi', PHONE);
  await page.goto('/results');
  await current(page).getByRole('button', { name: 'Nuova misurazione' }).click();
  await expect(page.getByRole('dialog', { name: 'Nuova misurazione' })).toBeVisible();
  const sheet = openSheet(page);
  await expect(sheet.getByLabel('Che cosa misuri')).toHaveValue('blood-pressure');
  // Date and time start at now.
  await expect(sheet.getByLabel(/^Data/)).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await sheet.getByLabel(/^Massima/).fill('300');
  await sheet.getByLabel(/^Minima/).fill('91');
  await shot(page, 'patient-it-form', [PHONE, SMALL_PHONE]);
  await sheet.getByRole('button', { name: 'Salva' }).click();
  await expect(sheet.getByText('Inserisci un valore tra 50 e 260 mmHg')).toBeVisible();
  await expect(sheet.getByLabel(/^Massima/)).toBeFocused();
  const audit = new Audit();
  await audit.check(page, 'reading form with an error');
  await shot(page, 'patient-it-form-error', [PHONE, SMALL_PHONE]);
  await sheet.getByLabel(/^Massima/).fill('142');
  await sheet.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Misurazione salvata')).toBeVisible();
  const own = current(page).getByRole('region', { name: 'Misurazioni inserite da te' });
  await expect(own.locator('ion-item', { hasText: 'Pressione arteriosa' })).toContainText('142/91 mmHg');
  await expect(own).toContainText('Inserito da te');

  // In English: his readings, a correction in the same form filled in, and the versions it leaves.
  await chooseLanguage(page, 'en');
  await page.goto('/readings');
  const card = current(page).getByTestId('reading').first();
  await expect(card).toContainText('142/91 mmHg');
  await card.getByRole('button', { name: /^Correct Blood pressure of / }).click();
  await expect(page.getByRole('dialog', { name: 'Correct the reading' })).toBeVisible();
  const correction = openSheet(page);
  await expect(correction.getByLabel(/^Systolic/)).toHaveValue('142');
  await expect(correction.getByLabel('What you measure')).toBeDisabled();
  await shot(page, 'patient-en-form', [PHONE, SMALL_PHONE, TABLET]);
  await correction.getByLabel(/^Systolic/).fill('141');
  await correction.getByRole('button', { name: 'Save the correction' }).click();
  await expect(card).toContainText('141/91 mmHg');
  await expect(card).toContainText('Corrected (version 2)');
  await shot(page, 'patient-en-readings', [PHONE, SMALL_PHONE]);
  await audit.check(page, 'readings');
  await card.getByRole('button', { name: /^Versions of Blood pressure of / }).click();
  const versions = openSheet(page).locator('.reading-versions li');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(/Version 1 · Entered.*142\/91 mmHg/);
  await expect(versions.last()).toContainText(/Version 2 · Corrected.*141\/91 mmHg/);
  await shot(page, 'patient-en-versions', [PHONE, SMALL_PHONE]);
  await audit.check(page, 'versions');
  audit.assertClean();
  await page.context().close();

  const staff = await loggedIn(browser, 'dott.ferrari', TABLET);
  await staff.goto('/patients');
  await staff.getByLabel('Cognome').fill('Rossi');
  await staff.getByLabel('Nome', { exact: true }).fill('Mario');
  await staff.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(staff).toHaveURL(/\/patientInfo\/\d+$/);
  await current(staff).locator('ion-button', { hasText: 'Dossier' }).first().click();
  await expect(staff).toHaveURL(/\/dossier\/\d+$/);
  await current(staff).getByRole('link', { name: 'Esami', exact: true }).click();
  await expect(staff).toHaveURL(/\/results\/\d+$/);
  await expect(current(staff).locator('.results-patient')).toContainText('Mario Rossi ·');
  // Past the 27 hospital analytes, one link takes the physician to the patient's readings.
  await current(staff)
    .getByRole('button', { name: 'Vai alle misurazioni inserite dal paziente (1)' })
    .click();
  await expect(current(staff).locator('#results-own')).toBeFocused();
  const theirs = current(staff).getByRole('region', { name: 'Misurazioni inserite dal paziente' });
  await expect(theirs).toBeInViewport();
  const pressure = theirs.locator('ion-item', { hasText: 'Pressione arteriosa' });
  await expect(pressure).toContainText('141/91 mmHg');
  await expect(pressure).toContainText('Inserito dal paziente');
  await expect(current(staff).getByRole('button', { name: 'Nuova misurazione' })).toHaveCount(0);
  await shot(staff, 'physician-it-list', [TABLET]);
  await pressure.click();
  await expect(staff).toHaveURL(/\/results\/\d+\/trend\/85354-9$/);
  const newest = current(staff).getByRole('table').locator('tbody tr').first();
  await expect(newest.locator('.trend-value')).toHaveText('141/91');
  await expect(newest).toContainText('Inserito dal paziente');
  await expect(current(staff).getByRole('img').locator('path.trend-mark-patient').first()).toBeVisible();
  await shot(staff, 'physician-it-trend', [TABLET]);
  await chooseLanguage(staff, 'en');
  await staff.reload();
  await expect(current(staff).getByRole('table').locator('tbody tr').first()).toContainText(
    'Entered by the patient',
  );
  await shot(staff, 'physician-en-trend', [TABLET]);
  await staff.context().close();
});
