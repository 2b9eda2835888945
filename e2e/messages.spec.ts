import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const TABLET = { width: 820, height: 1180 };

async function openMessagesFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: 'Messaggi' }).click();
  await expect(page).toHaveURL(/\/messages$/);
}

test('Mario writes to his physician, she answers, and his badge counts the answer without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const subject = `Pressione alta ${Date.now() % 100000}`;
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openMessagesFromMenu(page);
  // (messages-staff-first.spec.ts, run before on the same server, leaves Mario two read messages)
  await expect(page.locator('ion-segment-button', { hasText: 'Ricevuti' })).toBeVisible();

  // The draft survives closing the app: typed, the page reloaded, still there.
  await page.getByRole('button', { name: 'Scrivi' }).click();
  const compose = page.locator('ion-modal', { has: page.locator('#message-form') });
  await compose.getByLabel('Dott.ssa Anna Ferrari').check();
  await compose.getByLabel('Oggetto *').fill(subject);
  await compose.getByLabel('Messaggio *').fill('Buongiorno dottoressa, da due giorni ho la pressione a 160.');
  await page.reload();
  await expect(page).toHaveURL(/\/messages$/);
  await page.getByRole('button', { name: 'Riprendi la bozza' }).click();
  await expect(compose.getByLabel('Oggetto *')).toHaveValue(subject);
  await expect(compose.getByLabel('Dott.ssa Anna Ferrari')).toBeChecked();

  // A send that fails keeps the draft and says so.
  await page.route('**/api/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await compose.getByRole('button', { name: 'Invia' }).click();
  await expect(compose.getByRole('alert')).toContainText("Errore nell'invio del messaggio");
  await expect(compose.getByLabel('Oggetto *')).toHaveValue(subject);
  await page.unroute('**/api/messages');
  await compose.getByRole('button', { name: 'Invia' }).click();
  await expect(compose).toBeHidden();
  const sentRow = page.locator('ion-item.message-item', { hasText: subject });
  await expect(sentRow).toContainText('Non ancora letto');

  // Dott.ssa Ferrari, on a tablet, finds it in her inbox and answers.
  const staffContext = await browser.newContext({
    ...test.info().project.use,
    viewport: TABLET,
    isMobile: false,
  });
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  const staffTab = staff.locator('ion-tab-button', { hasText: 'Messaggi' });
  await expect(staffTab.locator('.messages-badge')).toHaveText('1');
  await staffTab.click();
  await expect(staff).toHaveURL(/\/messages$/);
  await staff.locator('ion-item.message-item', { hasText: subject }).click();
  const thread = staff.locator('ion-modal', { has: staff.locator('.message-thread') });
  await expect(thread.locator('.message-body')).toContainText('pressione a 160');
  await expect(staffTab.locator('.messages-badge')).toHaveCount(0);
  await thread.getByRole('button', { name: 'Rispondi' }).click();
  const answer = staff.locator('ion-modal', { has: staff.locator('#message-form') });
  await expect(answer.getByLabel('Oggetto *')).toHaveValue(`Re: ${subject}`);
  await expect(answer.getByLabel('Mario Rossi')).toBeChecked();
  await answer.getByLabel('Messaggio *').fill('Venga in ambulatorio martedì alle 9.');
  await answer.getByRole('button', { name: 'Invia' }).click();
  await expect(answer).toBeHidden();

  // Mario's phone: the read receipt and the answer arrive live; the menu counts one unread.
  await expect(sentRow).toContainText('Letto');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(
    page.locator('ion-menu ion-item', { hasText: 'Messaggi' }).locator('.messages-badge'),
  ).toHaveText('1');
  await page.locator('ion-menu ion-item', { hasText: 'Messaggi' }).click();
  await page.locator('ion-segment-button', { hasText: 'Ricevuti' }).click();
  await page.locator('ion-item.message-item', { hasText: `Re: ${subject}` }).click();
  const reading = page.locator('ion-modal', { has: page.locator('.message-thread') });
  await expect(reading.locator('article.message-card')).toHaveCount(2);
  await expect(reading.locator('article.is-current')).toContainText('martedì alle 9');
  await staffContext.close();
});
