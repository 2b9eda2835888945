import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Language } from '../src/contract/language';
import { login } from './support';

/**
 * Double text size (WCAG 1.4.4): the user's larger text, as the root font size at 200 %. Every tab stays on
 * screen and opens its screen, on both phones and the tablet, in Italian and in English.
 */
const TABS = {
  it: ['Home', 'Dossier', 'Consensi', 'Richieste', 'Autorizzati'],
  en: ['Home', 'Dossier', 'Consents', 'Requests', 'Guests'],
} as const;
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const TABLET = { width: 820, height: 1180 };

async function doubleText(page: Page, language: Language): Promise<void> {
  await page.addInitScript((code) => {
    localStorage.setItem('language', JSON.stringify(code));
    const apply = (): void => {
      document.documentElement.style.fontSize = '200%';
    };
    if (document.documentElement) apply();
    document.addEventListener('DOMContentLoaded', apply);
  }, language);
}

/** The whole of the tab's box lies on the screen. */
async function onScreen(tab: Locator, viewport: { width: number; height: number }): Promise<boolean> {
  const box = await tab.boundingBox();
  return (
    box !== null &&
    box.width > 0 &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5
  );
}

/** Each tab: on screen, named by its label (shown or not), and a press opens its screen. */
async function everyTabReachable(
  page: Page,
  names: readonly string[],
  viewport: typeof TABLET,
): Promise<void> {
  const tabs = page.locator('nav.app-tab-nav ion-tab-button');
  await expect(tabs).toHaveCount(names.length);
  for (const [index, name] of names.entries()) {
    const tab = tabs.nth(index);
    await expect.poll(() => onScreen(tab, viewport), `${name} at ${viewport.width} px`).toBe(true);
    await expect(page.getByRole('tab', { name: new RegExp(`^${name}\\b`) })).toHaveCount(1);
    const href = await tab.getAttribute('href');
    expect(href).toBeTruthy();
    await tab.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(tab).toHaveClass(/tab-selected/);
  }
}

for (const language of ['it', 'en'] as const) {
  test(`at 200 % text every tab is on screen and opens its screen (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    await doubleText(page, language);
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await everyTabReachable(page, TABS[language], phone);
    }
    // The tablet's rail grows with its labels: they stay visible, whole.
    await page.setViewportSize(TABLET);
    await everyTabReachable(page, TABS[language], TABLET);
    for (const label of await page.locator('nav.app-tab-nav ion-tab-button ion-label').all()) {
      await expect(label).toBeVisible();
      const fits = await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
      expect(fits).toBe(true);
    }
  });
}

test('at 200 % text a physician reaches every tab on a small phone', async ({ page }) => {
  await doubleText(page, 'it');
  await page.setViewportSize(PHONES[1] ?? TABLET);
  await login(page, 'dott.ferrari');
  await expect(page).toHaveURL(/\/home$/);
  await everyTabReachable(
    page,
    ['Home', 'Pazienti', 'Preferiti', 'Da approvare', 'Messaggi'],
    PHONES[1] ?? TABLET,
  );
});
