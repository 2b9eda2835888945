/**
 * Devices and sessions on a phone, in Italian and English: a remembered device lets a second browser in
 * without the SMS code and is listed as this device; once forgotten, the next login asks for the code
 * again; signing out everywhere ends the second browser's session (its old access token answers 401) and
 * sends this one to the login page.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newSmsCode, smsBodies, submitPassword } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-devices';

const LANGUAGES = [
  {
    code: 'it',
    locale: 'it-IT',
    username: 'giulia.bianchi',
    remember: 'Ricorda questo dispositivo per 30 giorni',
    verify: 'Verifica e accedi',
    codeTitle: 'Verifica via SMS',
    title: 'Dispositivi e sessioni',
    thisDevice: 'Questo dispositivo',
    remembered: 'Dispositivi ricordati',
    forget: 'Dimentica',
    everywhere: 'Esci da tutti i dispositivi',
    everywhereConfirm: 'Esci ovunque',
    signOut: 'Esci',
  },
  {
    code: 'en',
    locale: 'en-GB',
    username: 'mario.rossi',
    remember: 'Remember this device for 30 days',
    verify: 'Verify and sign in',
    codeTitle: 'SMS verification',
    title: 'Devices and sessions',
    thisDevice: 'This device',
    remembered: 'Remembered devices',
    forget: 'Forget',
    everywhere: 'Sign out of all devices',
    everywhereConfirm: 'Sign out everywhere',
    signOut: 'Sign out',
  },
] as const;

type Language = (typeof LANGUAGES)[number];

async function phone(browser: Browser, language: Language): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: language.locale,
  });
  await context.addInitScript(
    (code) => localStorage.setItem('language', JSON.stringify(code)),
    language.code,
  );
  return context;
}

/** Password, then the SMS code read from the demo outbox; optionally remembering the device. */
async function signIn(page: Page, language: Language, remember: boolean): Promise<void> {
  const before = (await smsBodies(page, language.username))[0];
  await submitPassword(page, language.username);
  await expect(page.getByRole('heading', { name: language.codeTitle })).toBeVisible();
  // Within a minute of this user's last code none is sent: newSmsCode asks again, as a person would.
  await page.locator('#code').fill(await newSmsCode(page, language.username, before));
  if (remember) await page.getByLabel(language.remember).check();
  await page.getByRole('button', { name: language.verify }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
}

async function openDevices(page: Page, language: Language): Promise<void> {
  await page.goto('/security/devices');
  await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
}

const section = (page: Page, name: string) =>
  page.locator('section', { has: page.getByRole('heading', { name }) });

for (const language of LANGUAGES) {
  test(`devices and sessions (${language.code}): a remembered device is this one and, forgotten, asks for the SMS code again; signing out everywhere ends the other browser's session`, async ({
    browser,
  }) => {
    // One SMS login per language: a second one within a minute would wait for the resend cooldown.
    test.setTimeout(180_000);
    const context = await phone(browser, language);
    const page = await context.newPage();
    await signIn(page, language, true);
    const trusted = (await context.cookies()).filter((cookie) => cookie.name === 'idp_trusted');
    expect(trusted).toHaveLength(1);

    // The same person on a second browser that carries the remembered-device cookie: no SMS code asked.
    const otherContext = await phone(browser, language);
    await otherContext.addCookies(trusted);
    const other = await otherContext.newPage();
    await submitPassword(other, language.username);
    await expect(other).toHaveURL(/\/home$/, { timeout: 30_000 });
    await openDevices(other, language);

    await openDevices(page, language);
    const remembered = section(page, language.remembered);
    // Earlier journeys (and a retry) may have remembered other browsers of this user: this one is one row.
    const row = remembered.getByRole('listitem').filter({ hasText: language.thisDevice });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/Chrome \d+ · Android \d+/);
    const sessions = page.getByTestId('device-session');
    await expect(sessions.filter({ hasText: language.thisDevice })).toHaveCount(1);
    const revoke = row.getByRole('button', { name: new RegExp(language.forget) });
    expect((await revoke.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${SHOTS}/devices-${language.code}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: `${SHOTS}/devices-${language.code}-820.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await revoke.click();
    const forgetDialog = page.locator('ion-alert');
    await expect(forgetDialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/devices-${language.code}-confirm-390.png` });
    await forgetDialog.getByRole('button', { name: language.forget }).click();
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: language.everywhere }).click();
    const dialog = page.locator('ion-alert');
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/everywhere-${language.code}-confirm-390.png` });
    await dialog.getByRole('button', { name: language.everywhereConfirm }).click();
    await expect(page.locator('#username')).toBeVisible({ timeout: 30_000 });

    // The other browser still shows its list, with its old access token: the next call answers 401.
    const answered = other.waitForResponse((response) => response.url().includes('/api/security/devices/'));
    const ownRow = other.getByTestId('device-session').filter({ hasText: language.thisDevice });
    await ownRow.getByRole('button', { name: new RegExp(language.signOut) }).click();
    await other.locator('ion-alert').getByRole('button', { name: language.signOut }).click();
    expect((await answered).status()).toBe(401);
    await expect(other.locator('#username')).toBeVisible({ timeout: 30_000 });
    await otherContext.close();

    // The forgotten browser another day: its remembered-device cookie kept, yet the SMS code is asked.
    const later = await phone(browser, language);
    await later.addCookies(trusted);
    const again = await later.newPage();
    await submitPassword(again, language.username);
    await expect(again.getByRole('heading', { name: language.codeTitle })).toBeVisible();
    await later.close();
    await context.close();
  });
}
