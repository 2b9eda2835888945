import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

interface ListedDocument {
  id: number;
  title: string;
  status: string;
  viewable: boolean;
}

/** The document list the dossier loads, read from its reply while `open` navigates there. */
async function listedDocuments(page: Page, open: () => Promise<void>): Promise<ListedDocument[]> {
  const reply = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/documents' && response.status() === 200,
  );
  await open();
  return ((await (await reply).json()) as { documents: ListedDocument[] }).documents;
}

const isDownloadCall = (url: string): boolean =>
  /\/api\/documents\/\d+\/download$/.test(new URL(url).pathname);

test('a physician downloads a patient document only after accepting the tracked-extraction notice', async ({
  page,
}) => {
  await login(page, 'dott.ferrari');
  await expect(page).toHaveURL(/\/home$/);

  // From the patient list to the patient's dossier, as a physician does.
  await page.goto('/patients');
  await page.getByLabel('Cognome').fill('Rossi');
  await page.getByLabel('Nome', { exact: true }).fill('Mario');
  const row = page.getByRole('link', { name: 'Rossi Mario' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/patientInfo\/\d+$/);
  const documents = await listedDocuments(page, () =>
    page.locator('ion-button', { hasText: 'Dossier' }).click(),
  );
  await expect(page).toHaveURL(/\/dossier\/\d+$/);

  const readable = documents.find((document) => document.viewable && document.status === 'ONLINE');
  expect(readable, 'a readable document on the first page of the dossier').toBeTruthy();
  await page.getByRole('button', { name: readable?.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/documents/${readable?.id}$`));

  const downloadCalls: string[] = [];
  page.on('request', (request) => {
    if (isDownloadCall(request.url())) downloadCalls.push(request.url());
  });
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });

  // The notice: Italian text saying the extraction is tracked and the user takes responsibility.
  const download = page.getByRole('button', { name: 'Scarica il PDF' });
  await download.click();
  const dialog = page.locator('ion-alert.confirm-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Estrazione di documenti');
  await expect(dialog).toContainText('è registrata');
  await expect(dialog).toContainText('vengono tracciati');
  await expect(dialog).toContainText('ti assumi la responsabilità');

  // Cancel: the dialog closes, no call leaves and nothing is downloaded.
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  await expect(download).toBeEnabled();
  await page.waitForTimeout(1000);
  expect(downloadCalls).toEqual([]);
  expect(downloads).toBe(0);

  // Accept: the call carries the acceptance and a real PDF is saved.
  await download.click();
  await expect(dialog).toBeVisible();
  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Accetto e proseguo' }).click();
  const file = await saved;
  expect(downloadCalls).toHaveLength(1);
  expect(new URL(downloadCalls[0] ?? '').searchParams.get('accepted')).toBe('true');
  expect(file.suggestedFilename()).toMatch(/\.pdf$/i);
  const path = await file.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(downloads).toBe(1);
  await expect(page.getByText('Download avviato')).toBeVisible();
});
