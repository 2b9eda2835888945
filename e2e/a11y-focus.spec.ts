/**
 * Focus follows the journey (WCAG 2.4.3): after the login the home's heading has the focus; a
 * wizard's heading has it when the wizard opens, and each new step's heading when it moves on or back
 * (guest wizard, copy request, signing, PIN reset), never the page body nor the "Avanti" just pressed.
 * Screenshots of the focused headings go to A11Y_SHOTS when it is set (not assertions).
 */
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseLanguage, current, named, ownPatientId } from './a11y-support';
import { login } from './support';

const SHOTS = process.env.A11Y_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The focus is on this heading (and so not on the body). */
async function expectFocusOn(heading: Locator): Promise<void> {
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAttribute('tabindex', '-1');
}

const stepHeading = (page: Page): Locator => current(page).locator('h2.guest-progress');

test('after the login, and in the guest wizard, the focus is on the screen’s and each step’s heading', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await expectFocusOn(current(page).locator('h1'));
  await shot(page, 'phone-it-home-after-login');
  const id = await ownPatientId(page);

  for (const language of ['it', 'en'] as const) {
    await chooseLanguage(page, language);
    await page.goto('/guests');
    await named(current(page), 'Autorizza una persona', 'Authorise a person').click();
    await expect(page).toHaveURL(/\/guestwizard$/);
    // Opening: the screen's heading, not the body.
    await expectFocusOn(current(page).locator('h1'));
    await current(page).locator('input[type="radio"]').first().check();
    await named(current(page), 'Avanti', 'Next').click();
    await expectFocusOn(stepHeading(page));
    await expect(stepHeading(page)).toContainText(/(Passo|Step) 2/);
    await shot(page, `phone-${language}-guest-wizard-step-2`);
    await named(current(page).getByRole('main'), 'Indietro', 'Back').click();
    await expectFocusOn(stepHeading(page));
    await expect(stepHeading(page)).toContainText(/(Passo|Step) 1/);
  }

  // The copy request: Avanti moves the focus to the delivery step's heading, Indietro back to the first.
  await page.goto(`/documentrequest/${id}`);
  const rows = current(page).locator('.request-item');
  await rows.first().getByRole('checkbox').first().check();
  await named(current(page), 'Avanti', 'Next').click();
  const requestStep = current(page).locator('.request-steps h2');
  await expectFocusOn(requestStep);
  await expect(requestStep).toContainText(/Consegna|Delivery/);
  await shot(page, 'phone-en-request-delivery');
  await named(current(page).getByRole('main'), 'Indietro', 'Back').click();
  await expectFocusOn(requestStep);
  await expect(requestStep).toContainText(/Selezione|Selection/);
  await rows.first().getByRole('checkbox').first().uncheck();
});

test('the signing wizard’s form step, and its next step, have the focus on their heading', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Luca has not signed the dossier consent: the login leads straight to its form step.
  await login(page, 'luca.verdi');
  await expect(page).toHaveURL(/\/sign-new-consents\?/);
  const title = page.locator('h1.wizard-step-title');
  await expectFocusOn(title);
  await shot(page, 'phone-it-signing-form-step');
  await page.getByLabel("Dichiaro di aver letto l'informativa").check();
  await page.getByLabel('Escludi dal dossier').check();
  await page.locator('.wizard-footer ion-button', { hasText: 'Continua' }).click();
  await expect(title).toHaveText('Leggi il documento');
  await expectFocusOn(title);
});

test('the PIN reset moves the focus to each step’s heading', async ({ page }) => {
  await page.goto('/pin-reset');
  const heading = current(page).locator('h2.focus-heading');
  await expect(heading).toContainText('Passo 1 di 2');
  await page.getByLabel(/Identificativo utente o codice fiscale/).fill('luca.verdi');
  await page.getByText('Invia il codice').click();
  await expect(heading).toContainText('Passo 2 di 2');
  await expectFocusOn(heading);
  await shot(page, 'phone-it-pin-reset-code');
  // The PIN itself is not reset here (other journeys sign with Luca's PIN): back to the first step.
  await page.getByText('Cambia identificativo').click();
  await expect(heading).toContainText('Passo 1 di 2');
  await expectFocusOn(heading);
});
