import { expect, type Page, test } from '@playwright/test';
import { PUSH_PORT } from '../playwright.config';
import { startLocalPushService } from '../server/test/push-endpoint';
import { chooseLanguage } from './a11y-support';
import { login } from './support';
import { withStandInSubscription } from './support-push';
import { openFromMenu } from './support-uploads';

const SHOTS = 'test-results/screenshots-alerts';

/** Phone shots at both sizes (and a tablet's where asked), then back to the project's viewport. */
async function shoot(page: Page, name: string, sizes = [390, 360]): Promise<void> {
  const heights: Record<number, number> = { 390: 844, 360: 640, 820: 1180 };
  for (const width of sizes) {
    await page.setViewportSize({ width, height: heights[width] ?? 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('Mario turns access alerts on; the physician reads his document; the push arrives; Mario disputes the access and the privacy officer answers', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const pushService = await startLocalPushService(PUSH_PORT);
  try {
    const device = pushService.subscribe();
    const context = await browser.newContext({ ...test.info().project.use, permissions: ['notifications'] });
    await withStandInSubscription(context, device);
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);

    // Notifications on for this device, then the access alerts for everyone.
    await openFromMenu(page, 'Notifiche');
    const master = page.locator('ion-toggle', { hasText: 'Ricevi le notifiche' });
    if ((await master.getAttribute('aria-checked')) !== 'true') {
      await master.click();
      await page
        .locator('ion-modal', { hasText: 'Vuoi ricevere le notifiche?' })
        .getByRole('button', { name: 'Continua' })
        .click();
      await expect(page.getByText('Notifiche attivate.')).toBeVisible();
    }
    const alerts = page.locator('section', { hasText: 'Avvisami quando qualcuno apre il mio fascicolo' });
    await alerts.getByText('Per chiunque').click();
    await expect(page.getByText('Preferenze salvate.')).toBeVisible();
    await expect(alerts.getByRole('radio', { name: /Per chiunque/ })).toBeChecked();
    await alerts.scrollIntoViewIfNeeded();
    await shoot(page, 'notify-option-it');

    // The physician opens one of Mario's documents.
    const staffContext = await browser.newContext(test.info().project.use);
    const staff = await staffContext.newPage();
    await login(staff, 'dott.ferrari');
    await expect(staff).toHaveURL(/\/home$/);
    await staff.goto('/patients');
    await staff.getByLabel('Cognome').fill('Rossi');
    await staff.getByLabel('Nome', { exact: true }).fill('Mario');
    await staff.getByRole('link', { name: 'Rossi Mario' }).first().click();
    await expect(staff).toHaveURL(/\/patientInfo\/\d+$/);
    await staff.locator('ion-button', { hasText: 'Dossier' }).click();
    await expect(staff).toHaveURL(/\/dossier\/\d+$/);
    await staff.locator('.ion-page:not(.ion-page-hidden) button.doc-title').first().click();
    await expect(staff).toHaveURL(/\/documents\/\d+$/);
    await staffContext.close();

    // The sweep (15 s) and the dispatcher (5 s): one push, nothing on it that names who or what.
    const alertPush = () =>
      pushService.received
        .map((push) => JSON.parse(push.plaintext))
        .find((each) => each.title === 'Qualcuno ha aperto il tuo Fascicolo');
    await expect.poll(alertPush, { timeout: 60_000, intervals: [1_000] }).toBeTruthy();
    const payload = alertPush();
    expect(payload.link).toMatch(/^\/datahistory\/\d+$/);
    for (const word of ['Ferrari', 'Mario', 'Rossi']) expect(JSON.stringify(payload)).not.toContain(word);

    // The tap opens the treatment history: Mario reports the physician's access.
    await page.goto(payload.link);
    const access = page
      .locator('.ion-page:not(.ion-page-hidden) ion-item', { hasText: 'Ferrari' })
      .filter({ has: page.getByRole('button', { name: 'Non riconosco questo accesso' }) })
      .first();
    await expect(access).toBeVisible();
    await shoot(page, 'history-it');
    await access.getByRole('button', { name: 'Non riconosco questo accesso' }).click();
    const sheet = page.locator('ion-modal.history-dispute-sheet');
    await sheet.getByRole('textbox').fill('Non sono in cura da questa dottoressa.');
    await shoot(page, 'dispute-sheet-it');
    await sheet.getByRole('button', { name: 'Invia la segnalazione' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Invia la segnalazione' }).click();
    await expect(page.getByText('Segnalazione inviata al responsabile della privacy.')).toBeVisible();
    await expect(page.getByText('Segnalato · in esame').first()).toBeVisible();

    // The privacy officer answers and closes it as justified.
    const officerContext = await browser.newContext(test.info().project.use);
    const officer = await officerContext.newPage();
    await login(officer, 'admin');
    await expect(officer).toHaveURL(/\/home$/);
    await officer.goto('/disputes');
    const card = officer.locator('article.dispute-card', {
      hasText: 'Non sono in cura da questa dottoressa.',
    });
    await expect(card).toBeVisible();
    await shoot(officer, 'queue-it', [390, 360, 820]);
    await card
      .getByLabel('Risposta al paziente')
      .fill('La dottoressa era di turno in pronto soccorso il giorno della visita.');
    await card.getByRole('button', { name: 'Chiudi: giustificato' }).click();
    await officer.getByRole('alertdialog').getByRole('button', { name: 'Chiudi come giustificato' }).click();
    await expect(officer.getByText('Segnalazione chiusa: il paziente vede la tua risposta.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await officerContext.close();

    // Mario sees the state and the answer.
    await page.reload();
    await expect(page.getByText('Segnalato · accesso giustificato').first()).toBeVisible();
    await expect(page.getByText('La dottoressa era di turno in pronto soccorso').first()).toBeVisible();
    await shoot(page, 'history-answered-it');
    await context.close();

    // The same screens in English, for the shots.
    const english = await browser.newContext({ ...test.info().project.use, locale: 'en-GB' });
    const enPage = await english.newPage();
    await login(enPage, 'mario.rossi');
    await expect(enPage).toHaveURL(/\/home$/);
    await chooseLanguage(enPage, 'en');
    await enPage.goto(payload.link);
    await expect(enPage.locator('.ion-page:not(.ion-page-hidden) .history-dispute').first()).toBeVisible();
    await shoot(enPage, 'history-answered-en');
    await enPage.goto('/notify');
    await enPage.locator('#notify-access-alerts').scrollIntoViewIfNeeded();
    await shoot(enPage, 'notify-option-en');
    // The journeys after this one share Mario: his alerts go back off (an alert's SMS would meet their login codes).
    const enAlerts = enPage.locator('section', { hasText: 'Alert me when someone opens my health record' });
    await enAlerts.getByRole('radio', { name: /^No/ }).click();
    await expect(enAlerts.getByRole('radio', { name: /^No/ })).toBeChecked();
    await expect(enPage.getByText('Preferences saved.')).toBeVisible();
    await english.close();
    const englishOfficer = await browser.newContext({ ...test.info().project.use, locale: 'en-GB' });
    const enOfficer = await englishOfficer.newPage();
    await login(enOfficer, 'admin');
    await expect(enOfficer).toHaveURL(/\/home$/);
    await chooseLanguage(enOfficer, 'en');
    await enOfficer.goto('/disputes');
    await expect(
      enOfficer.locator('.disputes-page .state-view, .disputes-page article').first(),
    ).toBeVisible();
    await shoot(enOfficer, 'queue-empty-en', [390, 820]);
    await englishOfficer.close();
  } finally {
    await pushService.close();
  }
});
