/**
 * The patient summary screen: Mario on a phone, in Italian and in English, reads his diabetes and his HbA1c
 * and downloads the PDF and the FHIR JSON; a physician opens Mario's summary from his record on a tablet.
 */
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { Audit, chooseLanguage, current, type Language } from './a11y-support';
import { login } from './support';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 640 };
const TABLET = { width: 820, height: 1180 };

/** Screenshots only when asked for (`SHOTS_DIR`, e.g. test-results/screenshots-summary): CI writes none. */
async function shot(page: Page, name: string, sizes = [PHONE, SMALL_PHONE]): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const before = page.viewportSize() ?? PHONE;
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(before);
}

/** Scrolls the screen's content to a section, so a screenshot shows it. */
async function scrollTo(page: Page, heading: string): Promise<void> {
  await current(page).getByRole('heading', { name: heading, exact: true }).scrollIntoViewIfNeeded();
}

async function loggedIn(browser: Browser, username: string, viewport = PHONE): Promise<Page> {
  const page = await (await browser.newContext({ ...test.info().project.use, viewport })).newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  return page;
}

const TEXT = {
  it: {
    menu: 'Apri il menu',
    screen: 'Sintesi sanitaria',
    problems: 'Problemi',
    diabetes: 'Diabete mellito tipo 2',
    results: 'Risultati di laboratorio',
    hba1c: 'Emoglobina glicata (HbA1c)',
    index: 'Sezioni della sintesi',
    newLink: 'Nuovo link',
    high: 'Alto',
    pdf: 'Scarica PDF',
    json: 'Scarica FHIR (JSON)',
    share: 'Condividi con un link',
  },
  en: {
    menu: 'Open the menu',
    screen: 'Patient summary',
    problems: 'Problem list',
    diabetes: 'Type 2 diabetes mellitus',
    results: 'Results',
    hba1c: 'Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol',
    index: 'Sections of the summary',
    newLink: 'New link',
    high: 'High',
    pdf: 'Download PDF',
    json: 'Download FHIR (JSON)',
    share: 'Share with a link',
  },
} as const;

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    current(page).getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) ?? '') };
}

for (const language of ['it', 'en'] as const satisfies readonly Language[]) {
  test(`Mario reads his summary on a phone and downloads it as PDF and FHIR JSON (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[language];
    const page = await loggedIn(browser, 'mario.rossi');
    await chooseLanguage(page, language);
    await page.goto('/home');
    await page.getByRole('button', { name: text.menu }).click();
    await page.locator('ion-menu ion-item', { hasText: text.screen }).click();
    await expect(page).toHaveURL(/\/summary$/);
    const screen = current(page);
    await expect(screen.locator('h1')).toHaveText(text.screen);
    const problems = screen.getByRole('region', { name: text.problems, exact: true });
    await expect(problems.getByText(text.diabetes, { exact: true }).first()).toBeVisible();
    const hba1c = screen
      .getByRole('region', { name: text.results, exact: true })
      .locator('.ips-entry', { hasText: text.hba1c });
    await expect(hba1c).toContainText(/\d+ mmol\/mol/);
    await expect(hba1c).toContainText(text.high);
    await expect(screen.locator('ion-button', { hasText: text.share })).toBeVisible();
    const audit = new Audit(['heading-order']);
    await audit.check(page, `summary ${language}`);
    audit.assertClean();
    await shot(page, `patient-${language}-top`);

    const pdf = await download(page, text.pdf);
    expect(pdf.name).toMatch(/^sintesi-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const json = await download(page, text.json);
    expect(json.name).toMatch(/^sintesi-\d{4}-\d{2}-\d{2}\.json$/);
    const bundle = JSON.parse(json.bytes.toString()) as {
      resourceType: string;
      type: string;
      language: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document', language });
    expect(bundle.entry[0]?.resource.resourceType).toBe('Composition');

    // Nothing wider than the phone: the sections' index scrolls sideways on its own.
    await page.setViewportSize(SMALL_PHONE);
    const overflow = await screen
      .locator('.page-body')
      .evaluate((body) => body.scrollWidth - body.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(PHONE);
    // The index jumps past the medicines to the results, which take the focus.
    await screen
      .getByRole('navigation', { name: text.index })
      .getByRole('button', { name: /^Results|^Risultati/ })
      .click();
    const results = screen.getByRole('region', { name: text.results, exact: true });
    await expect(results).toBeFocused();
    await expect(results.getByRole('heading', { name: text.results })).toBeInViewport();
    await shot(page, `patient-${language}-results`);
    await hba1c.scrollIntoViewIfNeeded();
    await shot(page, `patient-${language}-hba1c`);

    // Sharing opens the links screen on a new link, the summary already chosen.
    await screen.locator('ion-button', { hasText: text.share }).click();
    await expect(page).toHaveURL(/\/shared-links\?new=1$/);
    await expect(page.getByRole('dialog', { name: text.newLink })).toBeVisible();
    await shot(page, `patient-${language}-share`);
    await page.context().close();
  });
}

test("a physician opens Mario's summary from his record on a tablet: view and downloads, no sharing", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await loggedIn(browser, 'dott.ferrari', TABLET);
  await page.goto('/patients');
  await page.getByLabel('Cognome').fill('Rossi');
  await page.getByLabel('Nome', { exact: true }).fill('Mario');
  await page.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(page).toHaveURL(/\/patientInfo\/\d+$/);
  await current(page).locator('ion-button', { hasText: 'Sintesi sanitaria' }).click();
  await expect(page).toHaveURL(/\/summary\/\d+$/);
  const screen = current(page);
  await expect(screen.getByRole('region', { name: 'Problemi', exact: true })).toContainText(TEXT.it.diabetes);
  await expect(screen.getByRole('button', { name: 'Scarica PDF' })).toBeVisible();
  await expect(screen.locator('ion-button', { hasText: 'Condividi con un link' })).toHaveCount(0);
  const pdf = await download(page, 'Scarica PDF');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await shot(page, 'physician-it-top', [TABLET]);
  await scrollTo(page, TEXT.it.results);
  await shot(page, 'physician-it-results', [TABLET]);
  await chooseLanguage(page, 'en');
  await page.reload();
  await expect(current(page).locator('h1')).toHaveText('Patient summary');
  await expect(current(page).getByRole('region', { name: 'Problem list', exact: true })).toBeVisible();
  await shot(page, 'physician-en-top', [TABLET]);
  await page.context().close();
});
