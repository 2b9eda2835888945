import { expect, test } from '@playwright/test';
import { login, tabLabels } from './support';

/** The visible page: Ionic keeps the previous ones in the DOM, hidden. */
const current = (page: import('@playwright/test').Page) =>
  page.locator('.ion-page:not(.ion-page-hidden)').last();

test('a patient has the four tabs of the design card and a home that says what waits', async ({ page }) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  // The tab bar sits in a named navigation landmark.
  const sections = page.getByRole('navigation', { name: 'Sezioni' });
  await expect(sections.locator('ion-tab-bar')).toBeVisible();
  expect(await tabLabels(page)).toEqual(['Home', 'Dossier', 'Consensi', 'Richieste', 'Autorizzati']);

  // The demo patient has a copy request sent and not yet worked on.
  const waiting = current(page).getByRole('region', { name: 'Cosa ti aspetta' });
  await expect(waiting).toBeVisible();
  const request = waiting.locator('ion-item', { hasText: 'Inviata, in attesa di lavorazione' }).first();
  await expect(request).toBeVisible();
  await request.click();
  await expect(page).toHaveURL(/\/archiverequest\/\d+$/);
  // The Requests tab opens the same archive, with both kinds of new request.
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Richieste' }).click();
  await expect(page).toHaveURL(/\/archiverequest\/\d+$/);
  const newRequest = current(page).getByRole('navigation', { name: 'Nuova richiesta' });
  await expect(newRequest.getByText('Copia di referti')).toBeVisible();
  await expect(newRequest.getByText('Copia di cartella clinica')).toBeVisible();

  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Autorizzati' }).click();
  await expect(page).toHaveURL(/\/guests$/);
  await expect(current(page).getByText('Sara Rossi')).toBeVisible();

  // Back on Home (kept mounted by Ionic), the summary is asked again: what waits may have changed. (A summary
  // younger than a second is not asked again, hence the pause.)
  await page.waitForTimeout(1_200);
  const again = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/home');
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Home' }).click();
  await again;
  await expect(page).toHaveURL(/\/home$/);

  // On a tablet the same tabs stand as a rail on the left, each target at least 44 px.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect
    .poll(async () => {
      const box = await sections.boundingBox();
      return box !== null && box.x === 0 && box.height > box.width;
    })
    .toBe(true);
  for (const button of await sections.locator('ion-tab-button').all())
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
});

test('the language is two buttons in the side menu, and closing the menu gives the focus back', async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const menuButton = current(page).getByRole('button', { name: 'Apri il menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const language = page.getByRole('group', { name: 'Lingua' });
  await expect(language).toBeVisible();
  const english = language.getByRole('button', { name: 'English' });
  await expect(language.getByRole('button', { name: 'Italiano' })).toHaveAttribute('aria-pressed', 'true');
  for (const button of [english, language.getByRole('button', { name: 'Italiano' })])
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await english.click();
  await expect(
    page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }),
  ).toHaveAttribute('aria-pressed', 'true');
  // (The new tabs' English words come with the catalogue update after the merge.)
  expect((await tabLabels(page)).slice(0, 3)).toEqual(['Home', 'Dossier', 'Consents']);

  await page.keyboard.press('Escape');
  await expect(page.locator('ion-menu')).not.toHaveClass(/show-menu/);
  // The focus is back on the menu button of the same screen.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('ion-button.menu-button') !== null;
      }),
    )
    .toBe(true);
});

test('the open side menu holds the focus: the page behind is inert, Tab wraps round, Escape gives it back', async ({
  page,
}) => {
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  const menuButton = current(page).getByRole('button', { name: 'Apri il menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('ion-menu');
  await expect(menu).toHaveClass(/show-menu/);
  // The screen and the tab bar behind are out of reach (no tab stop, no click, not read out).
  await expect(page.locator('#main')).toHaveJSProperty('inert', true);

  /** Where the focus is: inside the menu or not, and the words of the control. */
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return {
        inMenu: active?.closest('ion-menu') !== null && active !== document.body,
        text: active?.textContent?.trim() ?? '',
      };
    });
  const stops: string[] = [];
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    const { inMenu, text } = await focused();
    expect(inMenu, `stop ${step}: ${text}`).toBe(true);
    stops.push(text);
  }
  // Past "Esci", the first entry again; every stop visited is one of the menu's controls.
  const logout = stops.indexOf('Esci');
  expect(logout).toBeGreaterThan(0);
  expect(stops[logout + 1]).toBe('Home');
  // Shift+Tab on the first entry goes to the last.
  for (let step = 0; step < 25 && (await focused()).text !== 'Home'; step += 1)
    await page.keyboard.press('Shift+Tab');
  expect((await focused()).text).toBe('Home');
  await page.keyboard.press('Shift+Tab');
  expect(await focused()).toEqual({ inMenu: true, text: 'Esci' });

  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveClass(/show-menu/);
  await expect(page.locator('#main')).toHaveJSProperty('inert', false);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('ion-button.menu-button') !== null))
    .toBe(true);
  // The page works again: a tab opens its screen.
  await page.locator('ion-tab-bar ion-tab-button', { hasText: 'Dossier' }).click();
  await expect(page).toHaveURL(/\/dossier$/);
});
