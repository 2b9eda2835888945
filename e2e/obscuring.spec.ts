import { expect, type Page, test } from '@playwright/test';
import { login, readSmsCode } from './support';

interface ListedDocument {
  id: number;
  title: string;
  status: string;
  documentType: { code: string };
}
interface DocumentListReply {
  documents: ListedDocument[];
  paging: { totalCount: number };
}

/** The next `GET /documents` reply while `open` runs. */
async function listReply(page: Page, open: () => Promise<unknown>): Promise<DocumentListReply> {
  const reply = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/documents' && response.status() === 200,
  );
  await open();
  return (await (await reply).json()) as DocumentListReply;
}

test('a patient obscures a document and the physician no longer sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The physician's view first: the dossier of Mario Rossi, newest documents first.
  const staffContext = await browser.newContext(test.info().project.use);
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);

  // The patient opens the obscuring screen from the dossier.
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Dossier' }).click();
  const list = await listReply(page, () => page.getByRole('link', { name: 'Oscura documenti' }).click());
  await expect(page).toHaveURL(/\/DocumentObscurement\/\d+$/);
  const patientId = Number(new URL(page.url()).pathname.split('/').pop());
  // Not a visit report: the demo physician wrote those, and an author always sees her documents.
  const target = list.documents.find((d) => d.status === 'ONLINE' && d.documentType.code !== 'VIS');
  expect(target, 'an online document not written by the physician').toBeTruthy();
  const targetId = target?.id ?? 0;

  const before = await listReply(staff, () => staff.goto(`/dossier/${patientId}`));
  expect(before.documents.map((d) => d.id)).toContain(targetId);

  // Tick it: the proposal hides it from all healthcare staff.
  const item = page.locator(`li[data-document-id="${targetId}"]`);
  await item.getByRole('checkbox').check();
  await expect(item).toContainText('Dopo la firma');
  await expect(item).toContainText('Tutti gli operatori sanitari');
  await expect(page.getByText('1 documento da modificare')).toBeVisible();
  await page.getByRole('button', { name: 'Firma la richiesta' }).click();

  // The signing wizard: read the request, PIN, SMS code, done.
  await expect(page).toHaveURL(/\/DocumentObscurement\/\d+\/sign$/);
  await page.getByText('Ho letto il documento').click();
  await page.getByRole('button', { name: 'Ho letto, continua' }).click();
  await page.getByLabel('PIN').first().fill('123456');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  const codeField = page.getByLabel('Codice ricevuto via SMS');
  await expect(codeField).toBeVisible();
  await codeField.fill(await readSmsCode(page, 'mario.rossi'));
  await page.getByRole('button', { name: 'Firma', exact: true }).click();
  await expect(page.getByText('Richiesta firmata: la visibilità del documento è aggiornata.')).toBeVisible();
  await page.getByRole('button', { name: 'Fine' }).click();
  await expect(page.getByText('Richiesta firmata: 1 documenti aggiornati.')).toBeVisible();
  await expect(page).toHaveURL(/\/DocumentObscurement\/\d+$/);
  await expect(page.locator(`li[data-document-id="${targetId}"]`)).toContainText('Nascosto a');

  // The physician's list no longer has it, its count is one less, and opening it finds nothing.
  const after = await listReply(staff, () => staff.reload());
  expect(after.documents.map((d) => d.id)).not.toContain(targetId);
  expect(after.paging.totalCount).toBe(before.paging.totalCount - 1);
  const opened = staff.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith(`/api/documents/${targetId}`),
  );
  await staff.goto(`/documents/${targetId}`);
  expect((await opened).status()).toBe(404);
  await staffContext.close();
});
