import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-conferences';
const TABLET = { width: 820, height: 1180 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400); // sheets and toasts finish their animation
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * No request waits for an answer on this screen, once its list is drawn (the demo's accepted call, or
 * the one an earlier spec ended, may be listed too).
 */
async function expectNothingPending(page: Page): Promise<void> {
  await expect(
    page.locator('article.conference-card').or(page.getByText('Nessuna videoconferenza attiva')).first(),
  ).toBeVisible();
  await expect(page.locator('article.conference-card', { hasText: 'In attesa di risposta' })).toHaveCount(0);
}

async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: entry }).click();
}

/** The physician picks Mario (online, so first in the list) and sends the request. */
async function requestWithMario(staff: Page, screenshot?: string): Promise<void> {
  await staff.getByRole('link', { name: 'Richiedi una videoconferenza' }).click();
  await expect(staff).toHaveURL(/\/createVideoConference$/);
  await staff.getByLabel('Progetto', { exact: true }).selectOption({ label: 'Cuore in Rete' });
  const first = staff.locator('.conference-patient-list ion-item').first();
  await expect(first).toContainText('Mario Rossi');
  await expect(first.getByRole('img', { name: 'Online' })).toBeVisible();
  if (screenshot) await shot(staff, screenshot);
  await first.click();
  await staff.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(staff).toHaveURL(/\/videoconference$/);
}

test('a physician requests a call, the patient rejects one with a reason and accepts another', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Videoconferenze');
  await expect(page).toHaveURL(/\/videoconference$/);
  await expectNothingPending(page);
  await shot(page, 'phone-it-patient-empty');

  const staffContext = await browser.newContext({ ...test.info().project.use, viewport: TABLET });
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await openFromMenu(staff, 'Videoconferenze');
  await expect(staff).toHaveURL(/\/videoconference$/);
  await requestWithMario(staff, 'tablet-it-create');
  const staffCard = staff.locator('article.conference-card', { hasText: 'Mario Rossi' }).first();
  await expect(staffCard).toContainText('In attesa di risposta');
  await shot(staff, 'tablet-it-requested');

  // The patient sees the request without reloading, with the count on the menu entry.
  const card = page.locator('article.conference-card', { hasText: 'Ferrari' }).first();
  await expect(card).toContainText('In attesa di risposta');
  await shot(page, 'phone-it-invited');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(
    page.locator('ion-menu ion-item', { hasText: 'Videoconferenze' }).locator('.conferences-badge'),
  ).toHaveText('1');
  await page.locator('ion-menu ion-item', { hasText: 'Videoconferenze' }).click();

  // A rejection without a reason is refused with the catalogue's words; with one it goes.
  await card.getByRole('button', { name: 'Rifiuta' }).click();
  const sheet = page.locator('ion-modal', { hasText: 'Rifiuta la videoconferenza' });
  await sheet.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(sheet.getByRole('alert')).toContainText('Il motivo del rifiuto è obbligatorio');
  await shot(page, 'phone-it-reject-refused');
  const reason = 'Oggi sono al lavoro, possiamo sentirci domani mattina?';
  await sheet.getByLabel('Motivo del rifiuto *').fill(reason);
  await sheet.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(sheet).toBeHidden();
  await expectNothingPending(page);
  await page.locator('ion-segment-button', { hasText: 'Passate' }).click();
  await expect(page.locator('article.conference-card').first()).toContainText(reason);
  await shot(page, 'phone-it-past');
  await page.locator('ion-segment-button', { hasText: 'Attive' }).click();

  // The physician sees the rejection live, then asks again; this time the patient accepts.
  await expectNothingPending(staff);
  await requestWithMario(staff);
  await expect(card).toContainText('In attesa di risposta');
  await card.getByRole('button', { name: 'Accetta' }).click();
  await expect(card).toContainText('Accettata');
  await expect(card.getByRole('button', { name: 'Entra', exact: true })).toBeVisible();
  await shot(page, 'phone-it-accepted');
  await expect(staffCard).toContainText('Accettata');
  await expect(staffCard.getByRole('button', { name: 'Entra', exact: true })).toBeVisible();
  await shot(staff, 'tablet-it-accepted');

  // The same screens in English, for the screenshots.
  for (const [who, name] of [
    [page, 'phone'],
    [staff, 'tablet'],
  ] as const) {
    await who.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
    await who.reload();
    // New strings are translated by the integrator's extraction; the screen itself must come back whole.
    await expect(who.locator('article.conference-card').first()).toBeVisible();
    await shot(who, `${name}-en-accepted`);
  }
  await staff.goto('/createVideoConference');
  await expect(staff.locator('.conference-patient-list ion-item').first()).toContainText('Mario Rossi');
  await shot(staff, 'tablet-en-create');
  await staffContext.close();
});
