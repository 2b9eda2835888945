/**
 * The care screens through axe-core, in Italian and English: projects (list and details),
 * messages, conferences and the call's waiting room, notifications, PAI, PAIR, PRIpri, surveys and the
 * account switch. No critical, no serious violation, and the headings go h1 → h2 (heading-order).
 */
import { type Browser, chromium, expect, type Locator, type Page, test } from '@playwright/test';
import {
  Audit,
  chooseLanguage,
  closeMenu,
  current,
  expectNamedSheet,
  LANGUAGES,
  type Language,
  named,
  open,
  openMenu,
  openSheet,
  ownPatientId,
} from './a11y-support';
import { login } from './support';

const ALSO = ['heading-order'] as const;
/** The demo seed's only conference (server/db/seed/conferences.ts), accepted, between Mario and dott.ferrari. */
const CALL_PATH = '/videoconference/1/call';

/** Opens the first row of a list as the user would, and waits for the screen it leads to. */
async function openFirst(page: Page, rows: Locator, url: RegExp): Promise<void> {
  await expect(rows.first()).toBeVisible();
  await rows.first().click();
  await expect(page).toHaveURL(url);
  await expect(current(page).locator('h1').first()).toBeVisible();
}

async function messagesAndConferences(
  page: Page,
  audit: Audit,
  at: (state: string) => string,
): Promise<void> {
  await open(page, '/messages');
  await audit.check(page, at('messages'));
  await named(current(page), 'Scrivi|Riprendi la bozza', 'Write|Resume the draft').click();
  await expect(openSheet(page)).toBeVisible();
  await expectNamedSheet(page);
  await audit.check(page, at('message compose sheet'));
  await page.keyboard.press('Escape');
  await expect(openSheet(page)).toBeHidden();
  await open(page, '/videoconference');
  await audit.check(page, at('conferences'));
  await open(page, '/notify');
  await audit.check(page, at('notifications'));
}

/** Both sides: a project's details (from the first link to one), care plans, a PAI, the PAIR, PRIpri. */
async function plansAndProject(page: Page, audit: Audit, at: (state: string) => string, id: string) {
  await openFirst(page, current(page).locator('a[href^="/projectDetails/"]'), /\/projectDetails\/\d+$/);
  await audit.check(page, at('project details'));
  await open(page, `/carePlans/${id}`);
  await audit.check(page, at('care plans'));
  await openFirst(page, current(page).locator('ion-content ion-item'), /\/pai\/\d+$/);
  await audit.check(page, at('PAI'));
  await open(page, `/pair/${id}`);
  await audit.check(page, at('PAIR'));
  await open(page, `/pripri/${id}`);
  await audit.check(page, at('PRIpri'));
}

async function patientCare(page: Page, audit: Audit, language: Language, id: string): Promise<void> {
  const at = (state: string): string => `patient ${language} ${state}`;
  await messagesAndConferences(page, audit, at);
  await open(page, `/consents/${id}`);
  await plansAndProject(page, audit, at, id);
  await open(page, '/surveys');
  await audit.check(page, at('surveys'));
  await openFirst(page, current(page).locator('ion-content ion-item'), /\/surveyComplete\?/);
  await audit.check(page, at('survey form'));
}

async function physicianCare(page: Page, audit: Audit, language: Language, id: string): Promise<void> {
  const at = (state: string): string => `physician ${language} ${state}`;
  await messagesAndConferences(page, audit, at);
  await open(page, '/createVideoConference');
  await audit.check(page, at('new conference'));
  await open(page, `/projectInviteRemove/${id}`);
  await audit.check(page, at('projects'));
  await plansAndProject(page, audit, at, id);
  await open(page, `/pair/${id}/new`);
  await audit.check(page, at('PAIR form'));
  for (const [path, state] of [
    ['/surveys', 'surveys'],
    ['/surveyTemplateList', 'survey templates'],
    ['/createSurveyTemplate', 'new survey template'],
    ['/surveyCardList', 'survey cards'],
    ['/createSurveyCard', 'new survey card'],
  ] as const) {
    await open(page, path);
    await audit.check(page, at(state));
  }
  // The account switch: the side menu's "Cambia profilo" list, then its confirmation (cancelled).
  await open(page, '/home');
  await openMenu(page);
  const other = page
    .getByRole('list', { name: /^(Profili disponibili|Available profiles)$/ })
    .locator('ion-item:not([aria-current])')
    .first();
  await expect(other).toBeVisible();
  await audit.check(page, at('side menu with the account switch'));
  await other.click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await audit.check(page, at('account switch confirmation'));
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Annulla|Cancel)$/ })
    .click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await closeMenu(page);
}

async function loggedIn(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext(test.info().project.use)).newPage();
  await login(page, username);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  return page;
}

// One test per language and role: each passes well within its time on a busy machine.
for (const language of LANGUAGES) {
  test(`the patient’s care screens (${language}) have no serious accessibility problem and ordered headings`, async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const audit = new Audit(ALSO);
    const patient = await loggedIn(browser, 'mario.rossi');
    const id = await ownPatientId(patient);
    await chooseLanguage(patient, language);
    await patientCare(patient, audit, language, id);
    await patient.context().close();
    audit.assertClean();
  });

  test(`the physician’s care screens (${language}) have no serious accessibility problem and ordered headings`, async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const audit = new Audit(ALSO);
    const patient = await loggedIn(browser, 'mario.rossi');
    const id = await ownPatientId(patient);
    await patient.context().close();
    const physician = await loggedIn(browser, 'dott.ferrari');
    await chooseLanguage(physician, language);
    await physicianCare(physician, audit, language, id);
    await physician.context().close();
    audit.assertClean();
  });
}

/** A browser with Chromium's fake camera and microphone, as the call needs. */
async function launchWithMedia(): Promise<Browser> {
  const launchOptions = test.info().project.use.launchOptions ?? {};
  return chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
}

async function joinCall(page: Page): Promise<void> {
  await page.goto(CALL_PATH);
  await expect(page.locator('meter.call-mic-meter')).toBeVisible({ timeout: 20_000 });
  await page.locator('ion-button.call-join').click();
  await expect(page.locator('.call-stage')).toBeVisible();
}

test('the call’s device check and waiting room have no serious accessibility problem', async () => {
  test.setTimeout(180_000);
  const audit = new Audit(ALSO);
  const browser = await launchWithMedia();
  try {
    const pageFor = async (username: string): Promise<Page> => {
      const context = await browser.newContext({ ...test.info().project.use, permissions: [] });
      const page = await context.newPage();
      await login(page, username);
      await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
      return page;
    };
    const physician = await pageFor('dott.ferrari');
    const patient = await pageFor('mario.rossi');
    for (const language of LANGUAGES) {
      await chooseLanguage(physician, language);
      await chooseLanguage(patient, language);
      await physician.goto(CALL_PATH);
      await expect(physician.locator('meter.call-mic-meter')).toBeVisible({ timeout: 20_000 });
      await audit.check(physician, `physician ${language} device check`);
      await physician.locator('ion-button.call-join').click();
      await expect(physician.locator('.call-stage')).toBeVisible();
      await joinCall(patient);
      await expect(physician.locator('ion-button.call-admit')).toBeVisible({ timeout: 15_000 });
      await audit.check(patient, `patient ${language} waiting room`);
      await audit.check(physician, `physician ${language} waiting room`);
      await patient.goto('/home');
      await physician.goto('/home');
    }
  } finally {
    await browser.close();
  }
  audit.assertClean();
});
