import { expect, type Page, test } from '@playwright/test';
import { PUSH_PORT } from '../playwright.config';
import { startLocalPushService } from '../server/test/push-endpoint';
import { login, openMarioProjects } from './support';
import { withStandInSubscription } from './support-push';
import { openForReview, openFromMenu, upload } from './support-uploads';

/** /notify: the one switch, then Continua after reading what notifications say. */
async function turnNotificationsOn(page: Page): Promise<void> {
  await openFromMenu(page, 'Notifiche');
  await expect(page).toHaveURL(/\/notify$/);
  const master = page.locator('ion-toggle', { hasText: 'Ricevi le notifiche' });
  await expect(master).toHaveAttribute('aria-checked', 'false');
  // Off: the choices below wait, and say why.
  await expect(page.getByText('Accendi «Ricevi le notifiche» qui sopra')).toBeVisible();
  await expect(page.locator('ion-toggle', { hasText: /^Documenti/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await master.click();
  const question = page.locator('ion-modal', { hasText: 'Vuoi ricevere le notifiche?' });
  await expect(question).toContainText('non contengono dati clinici');
  await question.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByText('Notifiche attivate.')).toBeVisible();
  await expect(master).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Questo dispositivo riceve le notifiche del Fascicolo.')).toBeVisible();
  await expect(page.locator('ion-toggle', { hasText: /^Documenti/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
}

/**
 * Web Push end to end. Headless Chromium cannot reach a browser vendor's push service here, so the
 * test stands in for it: the browser's subscription points at a local push service, which decrypts
 * what the portal sends (RFC 8291, VAPID checked) and hands it to Mario's service worker through
 * the DevTools protocol, as the vendor's service would.
 */
test('Mario turns instant notifications on; a validated upload reaches his service worker as a push, which acknowledges it and refreshes his badge without a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const pushService = await startLocalPushService(PUSH_PORT);
  try {
    const device = pushService.subscribe();
    const context = await browser.newContext({ ...test.info().project.use, permissions: ['notifications'] });
    await withStandInSubscription(context, device);
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);

    await turnNotificationsOn(page);

    await openFromMenu(page, 'Documenti caricati');
    const title = `Referto esterno ${Date.now() % 100000}`;
    await upload(page, title);
    // Mario waits on /notify with the live stream cut: only the push can now refresh his counts.
    await context.route('**/api/live**', (route) => route.abort());
    await page.reload();
    await openFromMenu(page, 'Notifiche');
    await expect(page).toHaveURL(/\/notify$/);
    const menu = page.locator('ion-menu');
    const reviewedBadge = menu.getByLabel(/^Documenti esaminati dal medico da vedere: \d+$/);
    await expect(reviewedBadge).toHaveCount(0);

    const staffContext = await browser.newContext(test.info().project.use);
    const staff = await staffContext.newPage();
    await login(staff, 'dott.ferrari');
    await openForReview(staff, title);
    await staff.locator('ion-modal.review-sheet').getByRole('button', { name: 'Approva' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Approva' }).click();
    await expect(staff.locator('ion-modal.review-sheet')).toBeHidden();
    await staffContext.close();

    // The dispatcher runs every 5 s: the push arrives encrypted, signed, with no clinical content.
    await expect.poll(() => pushService.received.length, { timeout: 20_000 }).toBe(1);
    const [push] = pushService.received;
    const payload = JSON.parse(push?.plaintext ?? '{}');
    expect(payload).toEqual({
      title: 'Nuovo documento disponibile',
      body: 'Apri il Fascicolo per i dettagli.',
      link: '/dossier',
      count: 1,
      badge: expect.any(Number),
      ack: { path: '/api/notify/push/ack', token: expect.any(String) },
    });
    expect(push?.plaintext).not.toContain(title);

    // On /notify while the push arrives: the worker acknowledges it, and the device's line moves.
    const status = page.getByTestId('notify-device-status');
    await expect(status).toHaveAttribute('data-shown', '');

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const own = registrations.find((each) => !each.isDeleted);
        if (own) resolve(own.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(page.url()).origin;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registration,
      data: push?.plaintext ?? '',
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const worker = await navigator.serviceWorker.getRegistration();
          return (await worker?.getNotifications())?.map((each) => `${each.title}|${each.data?.link}`) ?? [];
        }),
      )
      .toEqual(['Nuovo documento disponibile|/dossier']);
    await expect(status).toHaveAttribute('data-shown', /^\d{4}-\d{2}-\d{2}T/);
    // The worker told the open window: the menu's count changed without a reload or a navigation.
    await expect(page).toHaveURL(/\/notify$/);
    await expect(reviewedBadge).toHaveAttribute('aria-label', 'Documenti esaminati dal medico da vedere: 1');
    await context.close();
  } finally {
    await pushService.close();
  }
});

const PROJECT = 'Diabete Insieme';
const SURVEY = 'Come sta dopo la visita';

/** Words a lock screen must never show: names, titles, the project, the survey. */
function expectNoClinicalContent(plaintext: string, extra: string[]): void {
  for (const word of ['Mario', 'Rossi', 'Ferrari', PROJECT, SURVEY, 'Diabete', ...extra])
    expect(plaintext).not.toContain(word);
}

async function withdrawInvitation(staff: Page): Promise<void> {
  const card = staff.locator('article.project-card', { hasText: PROJECT });
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  await card.getByRole('button', { name: `Ritira l'invito al progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: "Ritira l'invito", exact: true }).click();
  await expect(card.locator('.project-chip')).toHaveText('Non partecipa');
}

test('a new document, a consent to sign and a survey each reach Mario as a push with no clinical content; the icon badge shows what waits and clears at 0', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const pushService = await startLocalPushService(PUSH_PORT);
  try {
    const device = pushService.subscribe();
    const devicePath = new URL(device.endpoint).pathname;
    const mine = () => pushService.received.filter((push) => push.path === devicePath);
    const context = await browser.newContext({ ...test.info().project.use, permissions: ['notifications'] });
    await withStandInSubscription(context, device);
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);
    await turnNotificationsOn(page);

    // The badge as the service worker sets it: a spy in the worker's own scope records each call.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(() => {
      const calls: (number | 'clear')[] = [];
      Object.assign(self, { badgeCalls: calls });
      Object.defineProperty(self.navigator, 'setAppBadge', {
        value: async (count: number) => void calls.push(count),
      });
      Object.defineProperty(self.navigator, 'clearAppBadge', { value: async () => void calls.push('clear') });
    });
    const badgeCalls = () =>
      worker.evaluate(() => (self as unknown as { badgeCalls: (number | 'clear')[] }).badgeCalls.slice());
    const lastBadge = () =>
      worker.evaluate(
        () => (self as unknown as { badgeCalls: (number | 'clear')[] }).badgeCalls.at(-1) ?? null,
      );

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const own = registrations.find((each) => !each.isDeleted);
        if (own) resolve(own.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    const origin = new URL(page.url()).origin;

    /** Waits for the next push, checks it, hands it to the worker (as the vendor's service would). */
    const nextPush = async (expected: { title: string; link: unknown }, secrets: string[] = []) => {
      const before = mine().length;
      await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(before + 1);
      const plaintext = mine().at(-1)?.plaintext ?? '';
      const payload = JSON.parse(plaintext);
      expect(payload).toEqual({
        ...expected,
        body: 'Apri il Fascicolo per i dettagli.',
        count: 1,
        badge: expect.any(Number),
        ack: { path: '/api/notify/push/ack', token: expect.any(String) },
      });
      expect(payload.badge).toBeGreaterThan(0);
      expectNoClinicalContent(plaintext, secrets);
      const callsBefore = await badgeCalls();
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: plaintext });
      // The worker sets the badge to the total the push carries (the open app then asks again).
      await expect.poll(async () => (await badgeCalls()).slice(callsBefore.length)).toContain(payload.badge);
    };

    const staffContext = await browser.newContext(test.info().project.use);
    const staff = await staffContext.newPage();
    await login(staff, 'dott.ferrari');
    await expect(staff).toHaveURL(/\/home$/);

    // 1. A new document in the dossier: Mario's upload, approved.
    await openFromMenu(page, 'Documenti caricati');
    const title = `Referto esterno ${Date.now() % 100000}`;
    await upload(page, title);
    await openFromMenu(page, 'Notifiche');
    await staff.locator('ion-tab-bar ion-tab-button', { hasText: 'Da approvare' }).click();
    await staff
      .locator('article.upload-card', { hasText: title })
      .getByRole('button', { name: 'Apri ed esamina' })
      .click();
    // The PDF is drawn before it can be approved (slow on a busy machine).
    await expect(staff.locator('ion-modal.review-sheet canvas').first()).toBeVisible({ timeout: 30_000 });
    await staff.locator('ion-modal.review-sheet').getByRole('button', { name: 'Approva' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Approva' }).click();
    await expect(staff.locator('ion-modal.review-sheet')).toBeHidden();
    await nextPush({ title: 'Nuovo documento disponibile', link: '/dossier' }, [title]);

    // 2. A consent to sign: invited (again) to a project.
    await openMarioProjects(staff);
    await withdrawInvitation(staff);
    const card = staff.locator('article.project-card', { hasText: PROJECT });
    await card.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
    await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
    const consentsLink = expect.stringMatching(/^\/consents\/\d+$/);
    await nextPush({ title: 'Hai ricevuto un invito a un progetto', link: consentsLink });

    // 3. A survey sent to him.
    await staff.goto('/surveys');
    await staff.getByRole('link', { name: 'Modelli' }).click();
    await staff
      .locator('article.survey-template:visible', { hasText: SURVEY })
      .getByRole('link', { name: 'Assegna' })
      .click();
    await expect(staff).toHaveURL(/\/createSurveyCard\?template=\d+$/);
    await staff.getByLabel('Rossi Mario').check();
    await staff.locator('.survey-actions').getByRole('button', { name: 'Assegna' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Assegna' }).click();
    await expect(staff).toHaveURL(/\/surveyCardList$/);
    await nextPush({ title: 'Hai un nuovo questionario da compilare', link: '/surveys' });

    // Nothing left waiting: every card of the survey cancelled (the seeded one, this one, and one a failed
    // first try may have left), the invitation withdrawn, the review seen.
    const cancelButtons = staff.getByRole('button', { name: `Annulla l'assegnazione di ${SURVEY}` });
    await expect(cancelButtons.nth(1)).toBeVisible();
    const cards = await cancelButtons.count();
    for (let left = cards - 1; left >= 0; left--) {
      await cancelButtons.first().click();
      await staff.getByRole('alertdialog').getByRole('button', { name: "Annulla l'assegnazione" }).click();
      // The list reloads without the cancelled card before the next one is taken.
      await expect(cancelButtons).toHaveCount(left);
    }
    await openMarioProjects(staff);
    await withdrawInvitation(staff);
    // Mario reads his uploads (the review is seen), then moves on: the open app refreshes its counts,
    // the total is 0 and the worker clears the badge.
    await openFromMenu(page, 'Documenti caricati');
    await expect(page.locator('article.upload-card', { hasText: title })).toBeVisible();
    await openFromMenu(page, 'Notifiche');
    await expect.poll(lastBadge, { timeout: 20_000 }).toBe('clear');

    // The demo data is shared with the other journeys: Mario goes back to being invited.
    const again = staff.locator('article.project-card', { hasText: PROJECT });
    await again.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
    await expect(again.locator('.project-chip')).toHaveText('Invito in attesa');
    await staffContext.close();
    await context.close();
  } finally {
    await pushService.close();
  }
});
