/**
 * SMART Health Links on a phone, in Italian and English: Mario makes a link with a passcode and two
 * documents, the QR code read from the screen is the link; a second browser with no account opens it
 * (a wrong passcode first: the attempts left), sees the documents and one of them; Mario's list shows who
 * opened it; he revokes it and the second browser's reload is told the link is no longer valid.
 */
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { login } from './support';

const SHOTS = 'test-results/screenshots-shl';
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

const LANGUAGES = [
  {
    code: 'it',
    locale: 'it-IT',
    openMenu: 'Apri il menu',
    title: 'Link condivisi',
    newLink: 'Nuovo link',
    name: 'Nome del link',
    summary: 'Sintesi sanitaria',
    required: 'Campo obbligatorio',
    passcode: 'Codice',
    create: 'Crea il link',
    qr: 'Codice QR del link',
    link: 'Link',
    copy: 'Copia il link',
    done: 'Fatto',
    active: 'Attivo',
    notOpened: 'Non ancora aperto.',
    viewerTitle: 'Dati sanitari condivisi',
    yourName: 'Il tuo nome',
    viewerPasscode: 'Codice di accesso',
    open: 'Apri',
    wrong: 'Codice sbagliato. Restano 9 tentativi.',
    pages: 'Pagine di',
    close: 'Chiudi',
    openedBy: 'Aperto da',
    revoke: 'Revoca',
    revoked: 'Revocato',
    gone: 'Questo link non è più valido',
    label: 'Visita cardiologica',
    recipient: 'Dott.ssa Anna Weber',
    diabetes: 'Diabete mellito tipo 2',
  },
  {
    code: 'en',
    locale: 'en-US',
    openMenu: 'Open the menu',
    title: 'Shared links',
    newLink: 'New link',
    name: 'Link name',
    summary: 'Patient summary',
    required: 'Required field',
    passcode: 'Passcode',
    create: 'Create the link',
    qr: 'QR code of the link',
    link: 'Link',
    copy: 'Copy the link',
    done: 'Done',
    active: 'Active',
    notOpened: 'Not opened yet.',
    viewerTitle: 'Shared health data',
    yourName: 'Your name',
    viewerPasscode: 'Passcode',
    open: 'Open',
    wrong: 'Wrong passcode. 9 attempts left.',
    pages: 'Pages of',
    close: 'Close',
    openedBy: 'Opened by',
    revoke: 'Revoke',
    revoked: 'Revoked',
    gone: 'This link is no longer valid',
    label: 'Visit in Munich',
    recipient: 'Dr. John Miller',
    diabetes: 'Type 2 diabetes mellitus',
  },
] as const;

type Language = (typeof LANGUAGES)[number];

const current = (page: Page): Locator => page.locator('.ion-page:not(.ion-page-hidden)').last();

/** The screen as it is on both phones, for the review (not committed). */
async function shots(page: Page, language: Language, name: string): Promise<void> {
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${language.code}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(PHONES[0]);
}

/** Reads the QR code as a camera would: the element's pixels on the screen, decoded by jsQR. */
async function scan(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function phone(browser: Browser, language: Language): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONES[0], locale: language.locale, isMobile: true, hasTouch: true });
}

for (const language of LANGUAGES) {
  test(`shared link (${language.code}): made with a passcode and two documents, opened with no account, revoked`, async ({
    browser,
    baseURL,
  }) => {
    // Both languages sign Mario in by SMS: the second may wait for the resend cooldown.
    test.setTimeout(240_000);
    const context = await phone(browser, language);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await context.addInitScript(
      (code) => localStorage.setItem('language', JSON.stringify(code)),
      language.code,
    );
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });

    // From the side menu.
    await current(page).getByRole('button', { name: language.openMenu }).click();
    await page.locator('ion-menu ion-item', { hasText: language.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
    await shots(page, language, 'list');

    await current(page).getByRole('button', { name: language.newLink }).click();
    const sheet = page.locator('ion-modal.shl-sheet');
    // Nothing typed: the name's error is shown at its field, which takes the focus.
    await sheet.getByRole('button', { name: language.create }).click();
    await expect(sheet.getByText(language.required)).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: language.name })).toBeFocused();
    await shots(page, language, 'new-link-error');
    await sheet.getByRole('textbox', { name: language.name }).fill(language.label);
    // The summary is on by default: the link carries it with the two documents.
    const documents = sheet.locator('label.shl-choice:has(.shl-choice-hint)').filter({
      hasNot: page.getByText(language.summary, { exact: true }),
    });
    await expect(documents.nth(1)).toBeVisible();
    const titles: string[] = [];
    for (const index of [0, 1]) {
      titles.push(((await documents.nth(index).locator('.shl-choice-label').textContent()) ?? '').trim());
      await documents.nth(index).click();
    }
    const passcode = await sheet.getByRole('textbox', { name: language.passcode, exact: true }).inputValue();
    expect(passcode).toMatch(/^\d{6}$/);
    await shots(page, language, 'new-link');
    await sheet.getByRole('button', { name: language.create }).click();

    const qr = sheet.getByRole('img', { name: new RegExp(language.qr) });
    await expect(qr).toBeVisible();
    const url = await sheet.getByLabel(language.link, { exact: true }).inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}/shl#shlink:/[A-Za-z0-9_-]+$`));
    expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(260);
    expect(await scan(qr)).toBe(url);
    await sheet.getByRole('button', { name: language.copy }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(sheet.getByText(passcode, { exact: true })).toBeVisible();
    await shots(page, language, 'qr');
    await sheet.getByRole('button', { name: language.done }).click();
    const card = page.getByTestId('shl-link').filter({ hasText: language.label }).first();
    await expect(card).toContainText(language.active);
    await expect(card).toContainText(language.notOpened);

    // A doctor's phone: another browser, no account, the browser's language.
    const doctorContext = await phone(browser, language);
    const doctor = await doctorContext.newPage();
    await doctor.goto(url);
    await expect(doctor.getByRole('heading', { level: 1, name: language.viewerTitle })).toBeVisible();
    await expect(doctor.getByRole('heading', { level: 2, name: language.label })).toBeVisible();
    await shots(doctor, language, 'viewer-form');
    await doctor.getByRole('textbox', { name: language.yourName }).fill(language.recipient);
    const passcodeField = doctor.getByRole('textbox', { name: language.viewerPasscode, exact: true });
    await passcodeField.fill(passcode === '000000' ? '111111' : '000000');
    await doctor.getByRole('button', { name: language.open, exact: true }).click();
    await expect(doctor.getByText(language.wrong)).toBeVisible();
    await shots(doctor, language, 'viewer-wrong');
    await passcodeField.fill(passcode);
    await doctor.getByRole('button', { name: language.open, exact: true }).click();
    for (const title of titles)
      await expect(doctor.getByRole('heading', { level: 3, name: title }).first()).toBeVisible();
    // The summary, in Mario's language: his diabetes among the problems.
    await expect(doctor.getByText(language.diabetes).first()).toBeVisible();
    await shots(doctor, language, 'viewer');

    await doctor
      .getByRole('button', { name: `${language.open} ${titles[0]}` })
      .first()
      .click();
    const pages = doctor.getByRole('region', { name: `${language.pages} ${titles[0]}` });
    await expect(pages.locator('canvas').first()).toBeVisible();
    await shots(doctor, language, 'viewer-pdf');
    await doctor.locator('ion-modal.shl-pdf-sheet').getByRole('button', { name: language.close }).click();

    // Mario's list names who opened it; he revokes it.
    await page.reload();
    await expect(card).toContainText(language.openedBy);
    await expect(card).toContainText(language.recipient);
    await shots(page, language, 'list-opened');
    await card.getByRole('button', { name: new RegExp(language.revoke) }).click();
    await page.locator('ion-alert').getByRole('button', { name: language.revoke }).click();
    await expect(card).toContainText(language.revoked);
    await shots(page, language, 'list-revoked');

    // The doctor's reload opens it again by itself, and is told it is gone.
    await doctor.reload();
    await expect(doctor.getByRole('heading', { name: language.gone })).toBeVisible();
    await shots(doctor, language, 'viewer-gone');
    await doctorContext.close();
    await context.close();
  });
}
