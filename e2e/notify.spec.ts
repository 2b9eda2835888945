import { expect, test } from '@playwright/test';
import { PUSH_PORT } from '../playwright.config';
import { startLocalPushService } from '../server/test/push-endpoint';
import { login } from './support';
import { openForReview, openFromMenu, upload } from './support-uploads';

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
    await context.addInitScript((subscription) => {
      const fake = {
        endpoint: subscription.endpoint,
        toJSON: () => subscription,
        unsubscribe: async () => true,
      };
      // Kept across a reload, as the browser keeps a real subscription.
      let subscribed = localStorage.getItem('e2e-push-subscribed') === 'yes';
      PushManager.prototype.subscribe = async () => {
        subscribed = true;
        localStorage.setItem('e2e-push-subscribed', 'yes');
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        subscribed ? (fake as unknown as PushSubscription) : null;
    }, device);
    const page = await context.newPage();
    await login(page, 'mario.rossi');
    await expect(page).toHaveURL(/\/home$/);

    await openFromMenu(page, 'Notifiche');
    await expect(page).toHaveURL(/\/notify$/);
    await page.getByText('Ricevi notifiche', { exact: true }).click();
    await page.getByText('Subito', { exact: true }).click();
    await page.getByRole('button', { name: 'Salva le preferenze' }).click();
    await expect(page.getByText('Preferenze salvate.')).toBeVisible();

    await page.getByRole('button', { name: 'Attiva le notifiche' }).click();
    const question = page.locator('ion-modal', { hasText: 'Vuoi ricevere le notifiche?' });
    await expect(question).toContainText('non contengono dati clinici');
    await question.getByRole('button', { name: 'Continua' }).click();
    await expect(page.getByText('Questo dispositivo riceve le notifiche del Fascicolo.')).toBeVisible();

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
