/**
 * The whole-record export on a phone, in Italian and then in English (one sign-in: a second one would wait for
 * the SMS cooldown): Mario opens "Scarica il mio fascicolo" from the side menu, prepares the archive, sees its
 * progress and then the download, finds the reminder on his home, downloads the zip (the browser saves it
 * from the one-minute address) and the test opens it: index.html, the summary as PDF and FHIR JSON, the
 * record's FHIR Bundle and the documents' PDFs in a folder per year; he deletes it after the confirmation.
 * Screenshots (not committed) at 390×844, 360×640 and 820×1180 into test-results/screenshots-export, with
 * the states a live job passes too quickly to see (a count of documents, a failure) staged at the end.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, type Route, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import type { RecordExport } from '../src/contract/export';
import { Audit, chooseLanguage, current, type Language } from './a11y-support';
import { login } from './support';

const SHOTS = 'test-results/screenshots-export';
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 820, height: 1180 },
] as const;
const PHONE = SIZES[0];

const TEXT = {
  it: {
    menu: 'Apri il menu',
    screen: 'Scarica il mio fascicolo',
    none: 'Nessun archivio pronto',
    prepare: "Prepara l'archivio",
    working: "Preparazione dell'archivio",
    progress: /^(\d+ di \d+ documenti|In attesa di iniziare…|Preparazione in corso…)$/,
    bar: "Avanzamento dell'archivio",
    ready: "L'archivio è pronto",
    download: /^Scarica \(\d+(,\d)? (KB|MB)\)$/,
    until: /Disponibile fino al \d{2}\/\d{2}\/\d{4}/,
    delete: 'Elimina',
    home: 'Il tuo fascicolo è pronto da scaricare',
    zip: /^fascicolo-\d{4}-\d{2}-\d{2}\.zip$/,
    files: { summary: 'sintesi-sanitaria', record: 'fascicolo-fhir.json', documents: 'documenti' },
    failed: "Non è stato possibile preparare l'archivio",
    older: 'Archivi precedenti',
  },
  en: {
    menu: 'Open the menu',
    screen: 'Download my record',
    none: 'No archive ready',
    prepare: 'Prepare the archive',
    working: 'Preparing the archive',
    progress: /^(\d+ of \d+ documents|Waiting to start…|Preparing…)$/,
    bar: 'Archive progress',
    ready: 'The archive is ready',
    download: /^Download \(\d+(\.\d)? (KB|MB)\)$/,
    until: /Available until \d{2}\/\d{2}\/\d{4}/,
    delete: 'Delete',
    home: 'Your record is ready to download',
    zip: /^health-record-\d{4}-\d{2}-\d{2}\.zip$/,
    files: { summary: 'patient-summary', record: 'record-fhir.json', documents: 'documents' },
    failed: 'The archive could not be prepared',
    older: 'Earlier archives',
  },
} as const;

/** The screen at the three sizes, then back to the phone. */
async function shots(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(PHONE);
}

/** Nothing wider than the smallest phone. */
async function expectNoOverflow(page: Page): Promise<void> {
  await page.setViewportSize(SIZES[1]);
  const overflow = await current(page)
    .locator('.page-body')
    .evaluate((body) => body.scrollWidth - body.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize(PHONE);
}

async function openFromMenu(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  await current(page).getByRole('button', { name: text.menu }).click();
  await page.locator('ion-menu ion-item', { hasText: text.screen }).click();
  await expect(page).toHaveURL(/\/export$/);
  await expect(current(page).locator('h1')).toHaveText(text.screen);
}

/** Prepares an archive and follows it to ready; the first progress seen is photographed. */
async function prepare(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  const screen = current(page);
  await expect(screen.getByRole('heading', { name: text.none })).toBeVisible();
  await shots(page, `${language}-1-none`);
  const button = screen.getByRole('button', { name: text.prepare });
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await button.click();
  await expect(screen.getByRole('heading', { name: text.working })).toBeVisible();
  await expect(screen.getByRole('progressbar', { name: text.bar })).toBeVisible();
  await expect(screen.locator('.export-progress-text')).toHaveText(text.progress);
  await page.screenshot({ path: `${SHOTS}/${language}-2-progress-live-390x844.png` });
  // The server's job pass comes every couple of seconds; the live topic (or the poll) brings the end.
  await expect(screen.getByRole('heading', { name: text.ready })).toBeVisible({ timeout: 45_000 });
}

async function downloadAndOpen(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    current(page).getByRole('button', { name: text.download }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(text.zip);
  expect(file.url()).toMatch(/\/api\/exports\/file\//);
  const entries = unzipSync(new Uint8Array(await readFile((await file.path()) ?? '')));
  const names = Object.keys(entries);
  const { summary, record, documents } = text.files;
  expect(names).toEqual(expect.arrayContaining(['index.html', `${summary}.pdf`, `${summary}.json`, record]));
  const pdfs = names.filter((name) => new RegExp(`^${documents}/\\d{4}/[^/]+\\.pdf$`).test(name));
  expect(pdfs.length).toBeGreaterThan(0);
  const head = (name: string): string => new TextDecoder().decode(entries[name]?.subarray(0, 5));
  expect(head(`${summary}.pdf`)).toBe('%PDF-');
  expect(head(pdfs[0] ?? '')).toBe('%PDF-');
  const json = (name: string): { resourceType: string; type: string } =>
    JSON.parse(new TextDecoder().decode(entries[name]));
  expect(json(`${summary}.json`)).toMatchObject({ resourceType: 'Bundle', type: 'document' });
  expect(json(record).resourceType).toBe('Bundle');
  expect(new TextDecoder().decode(entries['index.html'])).toMatch(/^<!doctype html>/i);
}

async function remove(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  await current(page).getByRole('button', { name: text.delete, exact: true }).click();
  const alert = page.locator('ion-alert');
  await expect(alert).toBeVisible();
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${SHOTS}/${language}-5-delete-confirm-390x844.png` });
  await alert.getByRole('button', { name: text.delete, exact: true }).click();
  await expect(current(page).getByRole('heading', { name: text.none })).toBeVisible();
}

const job: RecordExport = {
  id: 900_001,
  state: 'running',
  createdAt: new Date().toISOString(),
  finishedAt: null,
  expiresAt: null,
  documentsTotal: 120,
  documentsDone: 23,
  documentsOffline: 0,
  bytes: null,
};
const week = new Date(Date.now() + 7 * 86_400_000).toISOString();
const STAGED: Record<string, RecordExport[]> = {
  running: [job],
  failed: [{ ...job, state: 'failed', finishedAt: job.createdAt }],
  'ready-offline': [
    {
      ...job,
      state: 'ready',
      finishedAt: job.createdAt,
      expiresAt: week,
      bytes: 13_002_342,
      documentsOffline: 3,
    },
    {
      ...job,
      id: 900_000,
      state: 'ready',
      finishedAt: '2026-01-02T09:00:00Z',
      expiresAt: week,
      bytes: 870_400,
    },
  ],
};

const LIST = (url: URL): boolean => url.pathname === '/api/exports';

/** The states a live job passes too fast to look at, from staged list replies: only for the screenshots. */
async function stagedStates(page: Page, language: Language): Promise<void> {
  for (const [name, exports] of Object.entries(STAGED)) {
    const reply = (route: Route): Promise<void> =>
      route.request().method() === 'GET' ? route.fulfill({ json: { exports } }) : route.continue();
    await page.context().route(LIST, reply);
    await page.reload();
    const shown = {
      running: /^23 (di|of) 120/,
      failed: TEXT[language].failed,
      'ready-offline': TEXT[language].older,
    }[name];
    await expect(
      current(page)
        .getByText(shown ?? '')
        .first(),
    ).toBeVisible();
    await expectNoOverflow(page);
    await shots(page, `${language}-6-staged-${name}`);
    await page.context().unroute(LIST, reply);
  }
}

test('Mario prepares, downloads and deletes his whole record on a phone, in Italian then English', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ ...test.info().project.use, viewport: PHONE });
  const page = await context.newPage();
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });

  for (const language of ['it', 'en'] as const) {
    const text = TEXT[language];
    if (language === 'en') {
      await chooseLanguage(page, 'en');
      await page.goto('/home');
      await expect(current(page).locator('h1')).toHaveText('Home');
    }
    await openFromMenu(page, language);
    await prepare(page, language);
    const screen = current(page);
    await expect(screen.getByText(text.until)).toBeVisible();
    const audit = new Audit(['heading-order']);
    await audit.check(page, `export ready ${language}`);
    audit.assertClean();
    await expectNoOverflow(page);
    await shots(page, `${language}-3-ready`);

    // The home says so too, one tap from the screen.
    await page.goto('/home');
    const line = current(page).locator('ion-item', { hasText: text.home });
    await expect(line).toBeVisible();
    await shots(page, `${language}-4-home`);
    await line.click();
    await expect(page).toHaveURL(/\/export$/);

    await downloadAndOpen(page, language);
    await remove(page, language);
    await stagedStates(page, language);
  }
  await context.close();
});
