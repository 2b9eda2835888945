import { type Browser, expect, type Page, test } from '@playwright/test';
import type { Language } from '../src/contract/language';
import { DEMO_PASSWORD, readSmsCode, smsBodies } from './support';

/** The demo patient kept for this journey: no other journey signs in as her (server/db/seed/demo-accounts.ts). */
const PATIENT = 'ilaria.serra';
const NEW_PASSWORD = 'lanterna verde sul molo';
const NEXT_PASSWORD = 'gabbiano sopra la diga';

/** Screenshots for the review (SHOTS_DIR set): the phone as it is, then the tablet. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const phone = page.viewportSize() ?? { width: 390, height: 844 };
  await page.screenshot({ path: `${dir}/${name}-390x844.png`, fullPage: true });
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: `${dir}/${name}-820x1180.png`, fullPage: true });
  await page.setViewportSize(phone);
}

const texts = {
  it: {
    link: 'Password dimenticata?',
    title: 'Password dimenticata',
    identifier: 'Nome utente o codice fiscale',
    send: 'Invia il codice',
    codeTitle: 'Inserisci il codice ricevuto',
    code: 'Codice ricevuto via SMS',
    next: 'Continua',
    wrong: /Codice non valido o scaduto/,
    passwordTitle: 'Scegli la nuova password',
    newPassword: 'Nuova password',
    confirm: 'Conferma la nuova password',
    personal: /non deve contenere il tuo nome/,
    save: 'Salva la password e accedi',
    changed: /password del tuo account del Dossier Sanitario è stata reimpostata/,
  },
  en: {
    link: 'Forgot your password?',
    title: 'Forgotten password',
    identifier: 'Username or fiscal code',
    send: 'Send the code',
    codeTitle: 'Enter the code you received',
    code: 'Code received by SMS',
    next: 'Continue',
    wrong: /Invalid or expired code/,
    passwordTitle: 'Choose your new password',
    newPassword: 'New password',
    confirm: 'Confirm the new password',
    personal: /must not contain your name/,
    save: 'Save the password and sign in',
    changed: /Health Dossier password was reset/,
  },
} as const;

async function resetPassword(page: Page, locale: Language, password: string): Promise<void> {
  const text = texts[locale];
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
  if (locale === 'en') await page.getByRole('link', { name: 'English' }).click();
  await page.getByRole('link', { name: text.link }).click();
  await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
  await expect(page.getByLabel(text.identifier)).toBeFocused();
  await shot(page, `forgot-identifier-${locale}`);
  await page.getByLabel(text.identifier).fill(PATIENT);
  await page.getByRole('button', { name: text.send }).click();

  await expect(page.getByRole('heading', { name: text.codeTitle })).toBeVisible();
  await shot(page, `forgot-code-${locale}`);
  const code = await readSmsCode(page, PATIENT);
  await page.getByLabel(text.code).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text.next }).click();
  await expect(page.getByRole('alert')).toHaveText(text.wrong);
  await page.getByLabel(text.code).fill(code);
  await page.getByRole('button', { name: text.next }).click();

  await expect(page.getByRole('heading', { name: text.passwordTitle })).toBeVisible();
  await page.getByLabel(text.newPassword, { exact: true }).fill('Ilaria-Serra-2026');
  await page.getByLabel(text.confirm).fill('Ilaria-Serra-2026');
  await page.getByRole('button', { name: text.save }).click();
  await expect(page.getByRole('alert')).toHaveText(text.personal);
  await shot(page, `forgot-password-${locale}`);
  await page.getByLabel(text.newPassword, { exact: true }).fill(password);
  await page.getByLabel(text.confirm).fill(password);
  await page.getByRole('button', { name: text.save }).click();
  // Straight on into the portal, as the installed app's login redirect expects.
  await page.waitForURL(/\/home$/);
  const [newest] = await smsBodies(page, PATIENT);
  expect(newest).toMatch(text.changed);
}

/** The password step alone, in a browser of its own, to prove which password the account now has. */
async function passwordAccepted(browser: Browser, password: string): Promise<boolean> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('#username').fill(PATIENT);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
  const outcome = await Promise.race([
    page
      .locator('#code')
      .waitFor()
      .then(() => true),
    page
      .locator('#login-error')
      .waitFor()
      .then(() => false),
  ]);
  return outcome;
}

test.describe
  .serial('forgotten password, on a phone', () => {
    test('in Italian: a patient resets it from the login page by SMS code and is signed in', async ({
      page,
      browser,
    }) => {
      await resetPassword(page, 'it', NEW_PASSWORD);
      expect(await passwordAccepted(browser, DEMO_PASSWORD)).toBe(false);
      expect(await passwordAccepted(browser, NEW_PASSWORD)).toBe(true);
    });

    test('in English: the same journey, forgetting the password chosen in Italian', async ({
      page,
      browser,
    }) => {
      await resetPassword(page, 'en', NEXT_PASSWORD);
      expect(await passwordAccepted(browser, NEW_PASSWORD)).toBe(false);
      expect(await passwordAccepted(browser, NEXT_PASSWORD)).toBe(true);
    });
  });
