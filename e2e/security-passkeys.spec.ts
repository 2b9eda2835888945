import { expect, type Page, test } from '@playwright/test';
import { login, readSmsCode, submitPassword, totpCode } from './support';

/** Screenshots only when asked for (`SHOTS_DIR`): CI writes none. */
async function shot(page: Page, name: string, wide = false): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (!wide) return;
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: `${dir}/${name}-820.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A platform authenticator with resident keys and user verification, as a phone's (CDP WebAuthn domain). */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** The app's own sign-out (menu, "Esci", confirmation): the SPA drops its tokens and the IdP session ends. */
async function signOut(page: Page, t: (it: string, en: string) => string): Promise<void> {
  await page.getByRole('button', { name: t('Apri il menu', 'Open the menu') }).click();
  const confirm = page.locator('ion-alert').getByRole('button', { name: t('Esci', 'Sign out') });
  // On a loaded machine a tap while the menu still opens can be lost (a rehearsal): tap again until asked.
  await expect(async () => {
    if (!(await confirm.isVisible()))
      await page
        .locator('ion-menu')
        .getByText(t('Esci', 'Sign out'), { exact: true })
        .click({ timeout: 5_000 });
    await expect(confirm).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await confirm.click();
  // The IdP's end of session, then the portal's start, which leads to the login page.
  await expect(page.locator('#username')).toBeVisible({ timeout: 20_000 });
}

/** Removes every passkey on the page (a retry starts from none: the new virtual authenticator holds none). */
async function removeAll(page: Page, t: (it: string, en: string) => string): Promise<void> {
  const remove = page.getByRole('button', { name: t('Rimuovi', 'Remove') });
  while ((await page.locator('.passkey-item').count()) > 0) {
    const before = await page.locator('.passkey-item').count();
    await remove.first().click();
    await page
      .locator('ion-alert')
      .getByRole('button', { name: t('Rimuovi', 'Remove') })
      .click();
    await expect(page.locator('.passkey-item')).toHaveCount(before - 1);
  }
}

const journeys = [
  { lang: 'it', username: 'dott.ferrari', who: 'a physician (authenticator code)' },
  { lang: 'en', username: 'mario.rossi', who: 'a patient (SMS code)' },
] as const;

for (const { lang, username, who } of journeys) {
  test(`${who} adds a passkey, signs in with it (second factor, passwordless), removes it (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = (it: string, en: string): string => (lang === 'it' ? it : en);
    const staff = username === 'dott.ferrari';
    await page.setViewportSize({ width: 390, height: 844 });
    // The SPA's language (it also names the IdP's, through `ui_locales`); set again after each sign-out.
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en')));
    await virtualAuthenticator(page);
    await login(page, username);
    await page.waitForURL(/\/home/);
    await page.goto('/security/passkeys');
    await expect(page.getByRole('heading', { name: t('Le tue passkey', 'Your passkeys') })).toBeVisible();
    await expect(
      page.getByRole('button', { name: t('Aggiungi una passkey', 'Add a passkey') }),
    ).toBeVisible();
    await removeAll(page, t);
    await shot(page, `passkeys-empty-${lang}`, true);

    // The fresh factor in the shared sheet: the authenticator's code for staff, the SMS code for a patient.
    await page.getByRole('button', { name: t('Aggiungi una passkey', 'Add a passkey') }).click();
    const code = page.locator('#fresh-factor-code');
    await expect(code).toBeVisible();
    if (!staff)
      await expect(page.getByText('We sent a 6-digit code by SMS to', { exact: false })).toBeVisible();
    await shot(page, `passkeys-sheet-${lang}`);
    await code.fill(staff ? await totpCode(username) : await readSmsCode(page, username));
    await page
      .getByRole('button', { name: t('Conferma e crea la passkey', 'Confirm and create the passkey') })
      .click();
    await expect(page.locator('.passkey-item')).toHaveCount(1);
    await expect(code).toBeHidden();
    await shot(page, `passkeys-one-${lang}`, true);

    // Second factor: after the password, the code page offers the passkey.
    await signOut(page, t);
    await submitPassword(page, username);
    const usePasskey = page.locator('#passkey-form button');
    await expect(usePasskey).toHaveText(t('Usa una passkey', 'Use a passkey'));
    await shot(page, `idp-code-passkey-${lang}`);
    await usePasskey.click();
    await page.waitForURL(/\/home/);

    // Passwordless, from the login page.
    await signOut(page, t);
    const signIn = page.locator('#passkey-form button');
    await expect(signIn).toHaveText(t('Accedi con una passkey', 'Sign in with a passkey'));
    await shot(page, `idp-login-${lang}`, true);
    await signIn.click();
    await page.waitForURL(/\/home/);

    // Removed: the device still holds it, but the login refuses it.
    await page.goto('/security/passkeys');
    await expect(page.locator('.passkey-item')).toHaveCount(1);
    await removeAll(page, t);
    await expect(
      page.getByText(t('Non hai ancora nessuna passkey.', 'You have no passkey yet.')),
    ).toBeVisible();
    await signOut(page, t);
    await page.locator('#passkey-form button').click();
    await expect(page.getByRole('alert')).toContainText(
      t(
        'La passkey non è stata accettata. Riprova, oppure accedi con nome utente e password.',
        'The passkey was not accepted. Try again, or sign in with username and password.',
      ),
    );
    await expect(page.locator('#username')).toBeVisible();
    await shot(page, `idp-login-refused-${lang}`);
  });
}
