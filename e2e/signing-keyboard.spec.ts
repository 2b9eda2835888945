import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, smsBodies } from './support';

/**
 * A consent signed with the keyboard alone (Tab, Space, Enter, typing): the focus lands on each
 * step's heading, Enter submits the PIN and the SMS code, a wrong PIN is told before any SMS, and after
 * "Fine" the focus is on the heading of the screen the wizard returns to. The PDF can be zoomed and its text
 * is in the page (pdf.js text layer) for screen readers.
 */
const SIGNING_PIN = '123456'; // README: the demo signing PIN of every account
const USER = 'giulia.bianchi';

/** Whether the element has the focus (an Ionic button's native button is in its shadow root: the host has it). */
const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => {
    const root = element.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : null;
    return element === document.activeElement || (host !== null && host === document.activeElement);
  });

/** Presses Tab until `target` has the focus (at most `limit` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if ((await target.count()) > 0 && (await isFocused(target.first()))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element is this step's heading. */
async function expectHeadingFocused(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.tagName === 'H1'
          ? (active.textContent ?? '').trim()
          : `not a heading: ${active?.tagName}`;
      }),
    )
    .toMatch(typeof name === 'string' ? new RegExp(`^${name}$`) : name);
}

/** The newest signature code sent to the user's phone, once a new one has arrived. */
async function newCode(page: Page, before: number): Promise<string> {
  await expect.poll(async () => (await smsBodies(page, USER)).length).toBeGreaterThan(before);
  const [newest = ''] = await smsBodies(page, USER);
  return newest.match(/\b(\d{6})\b/)?.[1] ?? '';
}

const primary = (page: Page, name: string): Locator =>
  page.locator('.wizard-footer ion-button', { hasText: name });

test('a patient signs a consent with the keyboard alone, the focus on each step heading', async ({
  page,
}) => {
  await login(page, USER);
  await expect(page).toHaveURL(/\/home$/);
  await tabTo(page, page.locator('ion-tab-button', { hasText: 'Consensi' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/consents\/\d+$/);
  const card = page.locator('.consent-card', { hasText: 'Firma Elettronica Avanzata' });
  await tabTo(page, card.locator('ion-button', { hasText: 'Dai il consenso' }));
  await page.keyboard.press('Enter');

  // Form step: its heading has the focus; Space ticks each box, Enter on "Continua" goes on.
  await expect(page).toHaveURL(/\/sign-new-consents\?/);
  await expect(page.getByText(/Passo 1 di \d/)).toBeVisible();
  await expectHeadingFocused(page, /\S/);
  for (const box of await page.locator('.wizard-body input[type="checkbox"]').all()) {
    await tabTo(page, box);
    await page.keyboard.press('Space');
  }
  await tabTo(page, primary(page, 'Continua'));
  await page.keyboard.press('Enter');

  // Read step: the PDF's text is in the page (text layer), and it zooms from the keyboard.
  await expectHeadingFocused(page, 'Leggi il documento');
  await expect(page.locator('.pdf-page .textLayer span').first()).toBeAttached();
  await expect(page.locator('.pdf-page .textLayer').first()).toContainText(/Firma Elettronica Avanzata/i);
  const pageWidth = async (): Promise<number> =>
    (await page.locator('.pdf-page').first().boundingBox())?.width ?? 0;
  const fitted = await pageWidth();
  await tabTo(page, page.getByRole('button', { name: 'Ingrandisci' }).first());
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pdf-zoom-value').first()).toHaveText('150%');
  await expect.poll(pageWidth).toBeGreaterThan(fitted * 1.4);
  const read = page.getByLabel('Ho letto il documento');
  await tabTo(page, read);
  if (!(await read.isChecked())) await page.keyboard.press('Space');
  await tabTo(page, primary(page, 'Ho letto, continua'));
  await page.keyboard.press('Enter');

  // PIN step: a wrong PIN is told at once, with the attempts left, and no SMS is sent.
  await expectHeadingFocused(page, 'PIN di firma');
  const before = (await smsBodies(page, USER)).length;
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('PIN')).toBeFocused();
  await page.keyboard.type('999999');
  await page.keyboard.press('Enter');
  await expect(page.getByText('PIN errato: tentativi rimasti 4')).toBeVisible();
  expect((await smsBodies(page, USER)).length).toBe(before);
  await tabTo(page, page.getByLabel('PIN'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type(SIGNING_PIN);
  await page.keyboard.press('Enter');

  // Code step. A reload (the browser's, as F5 does: Playwright's keyboard does not reach the browser's
  // shortcuts) resumes it and, the PIN being kept in memory only, asks it again beside the code: Enter in
  // a form of two fields still signs.
  await expectHeadingFocused(page, 'Codice via SMS');
  const code = await newCode(page, before);
  await page.reload();
  await expectHeadingFocused(page, 'Codice via SMS');
  await expect(page.getByText(/il PIN non viene conservato/)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('PIN')).toBeFocused();
  await page.keyboard.type(SIGNING_PIN);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Codice ricevuto via SMS')).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  // Result, then "Fine": the focus on the heading of the consents screen.
  await expectHeadingFocused(page, 'Firma completata');
  await tabTo(page, primary(page, 'Fine'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/consents\/\d+$/);
  await expectHeadingFocused(page, 'Consensi');
  await expect(card.locator('.consent-chip')).toHaveText('Dato');
});
