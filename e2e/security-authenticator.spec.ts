import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { base32Decode, hotp, TOTP_STEP_SECONDS, totpStep } from '../server/auth/totp';
import { submitPassword } from './support';

/** The demo's new physician, without an authenticator until this journey (server/db/seed/demo-accounts.ts). */
const STAFF = 'dott.galli';

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

/** Reads the QR code as a camera would: the element's pixels on the screen, decoded by jsQR. */
async function scan(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

// The last step each key's code was typed at: the IdP takes every code once.
const usedSteps = new Map<string, number>();
/** The code an authenticator app holding `secret` shows, never one already typed (waits for the next). */
async function appCode(secret: string): Promise<string> {
  const step = Math.max(totpStep(new Date()), (usedSteps.get(secret) ?? 0) + 1);
  const waitMs = (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  usedSteps.set(secret, step);
  return hotp(base32Decode(secret) ?? Buffer.alloc(0), step);
}

/** What the app shows now, without taking the step: for codes that must be refused anyway. */
const codeNow = (secret: string): string =>
  hotp(base32Decode(secret) ?? Buffer.alloc(0), totpStep(new Date()));

const secretOf = (uri: string): string => new URL(uri).searchParams.get('secret') ?? '';

test.describe
  .serial('authenticator with a QR code, on a phone', () => {
    let firstKey = '';

    test('in Italian: a new staff member scans the QR code at the first login and signs in with its code', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await submitPassword(page, STAFF);
      await expect(page.getByRole('heading', { name: 'Attiva la verifica in due passaggi' })).toBeVisible();
      const qr = page.getByRole('img', {
        name: 'Codice QR per aggiungere questo account all’app di autenticazione',
      });
      await expect(qr).toBeVisible();
      const uri = (await page.locator('#otpauth-uri').getAttribute('href')) ?? '';
      expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}&issuer=/);
      expect(await scan(qr)).toBe(uri);
      firstKey = await page.locator('#secret-copy').inputValue();
      expect(secretOf(uri)).toBe(firstKey);
      await shot(page, 'idp-enrol-it');
      // The same page in English: the same key, its QR code named in English.
      await page.getByRole('link', { name: 'English' }).click();
      const english = page.getByRole('img', { name: 'QR code to add this account to the authenticator app' });
      expect(await scan(english)).toBe(uri);
      await shot(page, 'idp-enrol-en');
      await page.getByRole('link', { name: 'Italiano' }).click();

      await page.locator('#code').fill(await appCode(firstKey));
      await page.locator('#totp-form button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/idp/'));
    });

    test('in English: re-enrolling from the account page keeps the old key until the new one is confirmed', async ({
      page,
      browser,
    }) => {
      test.setTimeout(150_000);
      expect(firstKey).toMatch(/^[A-Z2-7]{32}$/);
      await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en')));
      await submitPassword(page, STAFF);
      await page.locator('#code').fill(await appCode(firstKey));
      await page.locator('#totp-form button[type="submit"]').click();
      await page.waitForURL(/\/home$/);

      await page.goto('/security/authenticator');
      await expect(page.getByRole('heading', { name: 'Step 1 of 2 · Confirm it is you' })).toBeVisible();
      await shot(page, 'spa-authenticator-current-en');
      await page.getByLabel("The app's current code").fill(await appCode(firstKey));
      await page.getByRole('button', { name: 'Continue' }).click();

      await expect(page.getByRole('heading', { name: 'Step 2 of 2 · Add the new key' })).toBeVisible();
      const qr = page.getByRole('img', { name: 'QR code to add this account to the authenticator app' });
      await expect(qr).toBeVisible();
      const uri = (await qr.getAttribute('data-otpauth')) ?? '';
      expect(await scan(qr)).toBe(uri);
      const newKey = secretOf(uri);
      expect(newKey).not.toBe(firstKey);
      expect(await page.locator('#authenticator-key').textContent()).toBe(newKey.match(/.{4}/g)?.join(' '));
      await shot(page, 'spa-authenticator-scan-en');

      // A code of the old key is no first code of the new one: nothing changes.
      await page.getByLabel('Code shown for the new key').fill(codeNow(firstKey));
      await page.getByRole('button', { name: 'Confirm the new key' }).click();
      await expect(page.getByRole('alert')).toContainText('Invalid code');
      await page.getByLabel('Code shown for the new key').fill(await appCode(newKey));
      await page.getByRole('button', { name: 'Confirm the new key' }).click();
      await expect(page.getByRole('heading', { name: 'New key active' })).toBeVisible();
      await shot(page, 'spa-authenticator-done-en');

      // The next login, in a browser of its own, takes the new key's code, not the old one's.
      const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const next = await fresh.newPage();
      await submitPassword(next, STAFF);
      await next.locator('#code').fill(codeNow(firstKey));
      await next.locator('#totp-form button[type="submit"]').click();
      await expect(next.locator('#code-error')).toBeVisible();
      await next.locator('#code').fill(await appCode(newKey));
      await next.locator('#totp-form button[type="submit"]').click();
      await next.waitForURL((url) => !url.pathname.startsWith('/idp/'));
      await fresh.close();
    });
  });
