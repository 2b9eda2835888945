import { expect, type Page } from '@playwright/test';
import { DEMO_TOTP_SECRET, demoTotpCode } from '../tools/demo-totp';

export const DEMO_PASSWORD = 'Dossier2026!';
export { DEMO_TOTP_SECRET };
/** The demo staff's authenticator code (README), never one this worker already typed. */
export const totpCode = demoTotpCode;

/** The password step on the identity provider's page, from the portal's start URL. */
export async function submitPassword(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await expect(page.locator('#username')).toBeVisible();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * A socket of its own for each read of the demo outbox: a pooled one can be the one the portal is closing
 * after its 5 s keep-alive just then (ECONNRESET, seen in CI).
 */
const FRESH_SOCKET = { headers: { Connection: 'close' } };

/**
 * The newest code sent by SMS to this user, read from the demo outbox (`/dev/sms.json`), as the user
 * would read it on the phone. `pattern` picks the code out of the text (6 digits by default).
 */
export async function readSmsCode(page: Page, username: string, pattern = /\b(\d{6})\b/): Promise<string> {
  return codeIn((await smsBodies(page, username))[0], username, pattern);
}

function codeIn(body: string | undefined, username: string, pattern = /\b(\d{6})\b/): string {
  const code = body?.match(pattern)?.[1];
  if (!code) throw new Error(`no SMS code for ${username}`);
  return code;
}

/** Every SMS of this user in the last hour, newest first. */
export async function smsBodies(page: Page, username: string): Promise<string[]> {
  const response = await page.request.get(
    `/dev/sms.json?username=${encodeURIComponent(username)}`,
    FRESH_SOCKET,
  );
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  return messages.map((message) => message.body);
}

/**
 * The code of this login's SMS: one newer than `before` (the newest before the password step). Within a minute
 * of this user's last code none is sent, as the page says (an earlier journey's login, abandoned at the code
 * step): then it asks for one with the resend button once it is enabled, as a person would.
 */
export async function newSmsCode(page: Page, username: string, before: string | undefined): Promise<string> {
  const newest = (await smsBodies(page, username))[0];
  if (newest !== before) return codeIn(newest, username);
  const resend = page.locator('#resend');
  await expect(resend).toBeEnabled({ timeout: 75_000 });
  await resend.click();
  await expect(page.locator('#code')).toBeVisible();
  await expect.poll(async () => (await smsBodies(page, username))[0] !== before).toBe(true);
  return readSmsCode(page, username);
}

/**
 * Logs in through the real identity provider page. Patients and guests then get the SMS code step:
 * the code is read from the demo outbox and typed in, as a person would; staff type their
 * authenticator's code (a code refused as already used, e.g. by another worker, is retried with
 * the next one).
 */
export async function login(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  const before = (await smsBodies(page, username))[0];
  await submitPassword(page, username, password);
  const codeInput = page.locator('#code');
  const leftIdp = page.waitForURL((url) => !url.pathname.startsWith('/idp/'), { timeout: 15_000 });
  const outcome = await Promise.race([
    codeInput.waitFor({ timeout: 15_000 }).then(() => 'code' as const),
    page
      .getByRole('alert')
      .waitFor({ timeout: 15_000 })
      .then(() => 'error' as const),
    leftIdp.then(() => 'portal' as const),
  ]).catch(() => 'unknown' as const);
  leftIdp.catch(() => undefined);
  if (outcome !== 'code') return;
  if ((await page.locator('#totp-form').count()) === 0) {
    await codeInput.fill(await newSmsCode(page, username, before));
    await page.locator('form button[type="submit"]').first().click();
    return;
  }
  // A new worker process does not know the steps an earlier one used: the third try is a step nobody used.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.locator('#code').fill(await totpCode(username));
    const left = page.waitForURL((url) => !url.pathname.startsWith('/idp/'), { timeout: 15_000 });
    await page.locator('#totp-form button[type="submit"]').click();
    const refused = await Promise.race([
      left.then(() => false),
      page
        .locator('#code-error')
        .waitFor({ timeout: 15_000 })
        .then(() => true),
    ]).catch(() => false);
    left.catch(() => undefined);
    if (!refused) return;
  }
}

/**
 * The identity provider's new-password step (a guest signing in with the temporary password of the
 * SMS): types the new password and its confirmation and submits.
 */
export async function chooseNewPassword(
  page: Page,
  password: string,
  confirmation = password,
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Scegli una nuova password' })).toBeVisible();
  await page.getByLabel('Nuova password', { exact: true }).fill(password);
  await page.getByLabel('Conferma la nuova password').fill(confirmation);
  await page.getByRole('button', { name: 'Salva e accedi' }).click();
}

/** The labels of the visible tab buttons, in order (without their count badges). */
export async function tabLabels(page: Page): Promise<string[]> {
  const buttons = page.locator('ion-tab-bar ion-tab-button');
  await expect(buttons.first()).toBeVisible();
  return (await buttons.locator('ion-label').allInnerTexts()).map((text) => text.trim());
}

/** Every SMS sent to this phone number in the last hour, newest first (e.g. a new guest's credentials). */
export async function smsBodiesTo(page: Page, phone: string): Promise<string[]> {
  const response = await page.request.get(`/dev/sms.json?to=${encodeURIComponent(phone)}`);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  return messages.map((message) => message.body);
}

/** Mario's projects card, as the physician sees it. */
export async function openMarioProjects(staff: Page): Promise<void> {
  await staff.goto('/patients');
  await staff.getByLabel('Cognome').fill('Rossi');
  await staff.getByLabel('Nome', { exact: true }).fill('Mario');
  await staff.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(staff).toHaveURL(/\/patientInfo\/\d+$/);
  await staff.locator('ion-button', { hasText: 'Progetti' }).click();
  await expect(staff).toHaveURL(/\/projectInviteRemove\/\d+$/);
}
