import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

/** Opens the portal from the demo launcher; answers the portal window. */
async function launchFrom(launcher: Page, button: string): Promise<Page> {
  await launcher.goto('/demo/launcher');
  await expect(launcher.getByRole('heading', { name: 'Applicazione ospedaliera (demo)' })).toBeVisible();
  const opened = launcher.waitForEvent('popup');
  await launcher.getByRole('button', { name: button }).click();
  return opened;
}

test("a launch from the hospital application opens Giulia's dossier for the physician, without the login", async ({
  page,
}) => {
  const portal = await launchFrom(page, 'Apri il fascicolo di Giulia');
  await portal.waitForURL(/\/dossier\/\d+$/, { timeout: 30_000 });
  await expect(portal.locator('button.doc-title').first()).toBeVisible();
  await expect(portal.getByText(/Bianchi/).first()).toBeVisible();
  expect(await portal.evaluate(() => localStorage.getItem('launchedFromExternalApp'))).toBe('true');

  // The session is a real one: a reload keeps it (stored by oidc-client-ts), and the API answers.
  await portal.reload();
  await expect(portal.locator('button.doc-title').first()).toBeVisible();
  await portal.setViewportSize({ width: 820, height: 1180 });
  await page.setViewportSize({ width: 820, height: 1180 });
  await portal.close();
});

test('a reused launch token is refused with the catalogue message, then the portal logs out', async ({
  page,
  browser,
}) => {
  const portal = await launchFrom(page, 'Apri il fascicolo di Giulia');
  const launchUrl = await new Promise<string>((resolve) => {
    if (portal.url().includes('/cdc/discovery')) resolve(portal.url());
    portal.on('framenavigated', (frame) => {
      if (frame === portal.mainFrame() && frame.url().includes('/cdc/discovery')) resolve(frame.url());
    });
  });
  await portal.waitForURL(/\/dossier\/\d+$/, { timeout: 30_000 });

  // Another browser: this one's storage holds the launched session, which a second launch would replace.
  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'it-IT' });
  const again = await elsewhere.newPage();
  // The message is on screen for 2 s only (then the logout): watched for from before the page opens.
  const message = again
    .getByRole('alert')
    .getByRole('heading', { name: 'Errore durante il recupero della condivisione di contesto' })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await again.goto(launchUrl);
  await message;
  // Logout after 2 seconds: the identity provider's login form (wherever the sign-in redirect lands).
  await expect(again.locator('#username')).toBeVisible({ timeout: 15_000 });
  await elsewhere.close();
  await portal.close();
});

test('a context session id opens the dossier; the logout tells the launcher and ends the session', async ({
  page,
}) => {
  const portal = await launchFrom(page, 'Apri con un identificativo di contesto');
  await portal.waitForURL(/\/dossier\/\d+$/, { timeout: 30_000 });
  await expect(portal.locator('button.doc-title').first()).toBeVisible();

  await portal.locator('ion-tab-button', { hasText: 'Home' }).click();
  await expect(portal).toHaveURL(/\/home$/);
  await portal.getByRole('button', { name: 'Apri il menu' }).click();
  await portal.locator('ion-menu').getByText('Esci').click();
  await portal.getByRole('alertdialog').getByRole('button', { name: 'Esci' }).click();
  await expect(page.getByRole('status')).toHaveText('Il portale ha chiuso la sessione (AUTOMATIC_LOGOUT).');
  // The launched login ended: the portal's own login page, nothing of the session left.
  await expect(portal.locator('#username')).toBeVisible({ timeout: 15_000 });
  expect(await portal.evaluate(() => localStorage.getItem('launchedFromExternalApp'))).toBeNull();
  await portal.close();
});

test('a launch into a browser that holds another login asks first: cancel keeps it, continue replaces it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });

  // Cancel: Mario stays signed in, and nothing of a launch is kept.
  const first = await launchFrom(page, 'Apri il fascicolo di Giulia');
  const question = first.getByRole('heading', { name: 'Sei connesso come Mario Rossi' });
  await expect(question).toBeVisible({ timeout: 30_000 });
  await expect(question).toBeFocused();
  await expect(first.getByText('Continuare come Dott.ssa Anna Ferrari?')).toBeVisible();
  await first.getByRole('button', { name: 'Annulla' }).click();
  await expect(first).toHaveURL(/\/home$/, { timeout: 30_000 });
  await expect(first.getByText('Mario').first()).toBeVisible();
  expect(await first.evaluate(() => localStorage.getItem('launchedFromExternalApp'))).toBeNull();
  await first.close();

  // In English, continue: the physician's session replaces Mario's, on Giulia's dossier.
  await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
  const second = await launchFrom(page, 'Apri il fascicolo di Giulia');
  await expect(second.getByRole('heading', { name: 'You are signed in as Mario Rossi' })).toBeVisible({
    timeout: 30_000,
  });
  await second.getByRole('button', { name: 'Continue as Dott.ssa Anna Ferrari' }).click();
  await second.waitForURL(/\/dossier\/\d+$/, { timeout: 30_000 });
  await expect(second.locator('button.doc-title').first()).toBeVisible();
  await second.setViewportSize({ width: 820, height: 1180 });
  await second.close();
});
