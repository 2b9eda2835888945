/**
 * The in-portal videoconference: two browsers with Chromium's fake camera and
 * microphone. dott.ferrari on a tablet and Mario on his phone open the demo's accepted conference; Mario
 * waits until the physician admits him; both see the other's video play; Mario leaves and comes back
 * (in English this time); the physician ends the conference for both.
 */
import { mkdirSync } from 'node:fs';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import type { Language } from '../src/contract/language';
import { login } from './support';

/** The demo seed's only conference (server/db/seed/conferences.ts) on the fresh e2e database. */
const SEEDED_CONFERENCE_ID = 1;
const CALL_PATH = `/videoconference/${SEEDED_CONFERENCE_ID}/call`;
const SHOTS = '/tmp/shots-call';

async function launch(): Promise<Browser> {
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

async function openPage(browser: Browser, width: number, height: number, mobile: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    viewport: { width, height },
    isMobile: mobile,
    hasTouch: true,
  });
  return context.newPage();
}

/** The remote <video> shows frames and its time advances: the call's media really flows. */
async function expectRemotePlaying(page: Page): Promise<void> {
  const video = page.getByTestId('remote-video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(before + 0.5);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('language', JSON.stringify(code)), language);
  await page.reload();
}

/** Device check: the own camera plays, the microphone meter is there, then join. */
async function checkDevicesAndJoin(page: Page, name: string): Promise<void> {
  const own = page.getByTestId('local-video').first();
  await expect
    .poll(() => own.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.locator('meter.call-mic-meter')).toBeVisible();
  await shot(page, `${name}-check`);
  await page.locator('ion-button.call-join').click();
  await expect(page.locator('.call-stage')).toBeVisible();
}

test('a physician admits Mario from the waiting room, both videos play, hang-up ends the call', async () => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const physicianBrowser = await launch();
  const patientBrowser = await launch();
  try {
    const physician = await openPage(physicianBrowser, 820, 1180, false);
    const mario = await openPage(patientBrowser, 390, 844, true);
    await login(physician, 'dott.ferrari');
    await expect(physician).toHaveURL(/\/home$/);
    await login(mario, 'mario.rossi');
    await expect(mario).toHaveURL(/\/home$/);

    await physician.goto(CALL_PATH);
    await expect(physician.getByRole('heading', { name: 'Controlla fotocamera e microfono' })).toBeVisible();
    await expect(physician.getByText('Videoconferenza con Mario Rossi')).toBeVisible();
    await checkDevicesAndJoin(physician, 'tablet-it');
    await expect(physician.getByText("Mario Rossi non è ancora in sala d'attesa")).toBeVisible();

    await mario.goto(CALL_PATH);
    await expect(mario.getByRole('button', { name: "Entra nella sala d'attesa" })).toBeVisible();
    await checkDevicesAndJoin(mario, 'phone-it');
    await expect(mario.getByText('In attesa che il medico ti faccia entrare')).toBeVisible();
    await shot(mario, 'phone-it-waiting');

    // The physician hears of it live and admits him.
    await expect(physician.getByText("Mario Rossi è in sala d'attesa")).toBeVisible();
    await shot(physician, 'tablet-it-waiting-room');
    await physician.getByRole('button', { name: 'Ammetti' }).click();
    await expectRemotePlaying(physician);
    await expectRemotePlaying(mario);

    // Mute and camera off are said on the button, and undone.
    const mic = mario.getByRole('button', { name: 'Disattiva microfono' });
    await mic.click();
    await expect(mario.getByRole('button', { name: 'Attiva microfono' })).toBeVisible();
    await expect
      .poll(() =>
        mario
          .getByTestId('local-video')
          .evaluate((video: HTMLVideoElement) =>
            (video.srcObject as MediaStream).getAudioTracks().every((track) => !track.enabled),
          ),
      )
      .toBe(true);
    await mario.getByRole('button', { name: 'Disattiva videocamera' }).click();
    await expect(mario.getByText('Videocamera spenta')).toBeVisible();
    await shot(mario, 'phone-it-call-muted');
    await mario.getByRole('button', { name: 'Attiva microfono' }).click();
    await mario.getByRole('button', { name: 'Attiva videocamera' }).click();
    await shot(mario, 'phone-it-call');
    await shot(physician, 'tablet-it-call');

    // Mario leaves: the call ends for the physician too, who waits for him again.
    await mario.getByRole('button', { name: 'Lascia la chiamata' }).click();
    await expect(mario.getByRole('heading', { name: 'Hai lasciato la videoconferenza' })).toBeFocused();
    await expect(physician.getByTestId('remote-video')).toHaveCount(0);
    await expect(physician.getByText("Mario Rossi non è ancora in sala d'attesa")).toBeVisible();

    // Again in English, from a reload: waiting room, admission and the call (selectors by role of the control).
    await chooseLanguage(physician, 'en');
    await chooseLanguage(mario, 'en');
    await checkDevicesAndJoin(physician, 'tablet-en');
    await checkDevicesAndJoin(mario, 'phone-en');
    await shot(mario, 'phone-en-waiting');
    await expect(physician.locator('ion-button.call-admit')).toBeVisible();
    await shot(physician, 'tablet-en-waiting-room');
    await physician.locator('ion-button.call-admit').click();
    await expectRemotePlaying(physician);
    await expectRemotePlaying(mario);
    await shot(mario, 'phone-en-call');
    await shot(physician, 'tablet-en-call');

    // The physician ends the conference, after a confirmation: both see that it is over.
    await physician.locator('ion-button.call-hangup').click();
    await physician.locator('ion-alert.confirm-dialog--destructive button').last().click();
    await expect(physician.locator('.call-end h2')).toBeFocused();
    await expect(mario.locator('.call-end h2')).toBeVisible({ timeout: 15_000 });
    await expect(mario.getByTestId('remote-video')).toHaveCount(0);
    await shot(physician, 'tablet-en-ended');
    await shot(mario, 'phone-en-ended');
    await chooseLanguage(mario, 'it');
    await expect(mario.getByRole('heading', { name: 'La videoconferenza è terminata' })).toBeVisible();
    await shot(mario, 'phone-it-ended');
  } finally {
    await physicianBrowser.close();
    await patientBrowser.close();
  }
});

test("closing the patient's tab mid-call ends the admission; the physician sees him leave", async () => {
  test.setTimeout(180_000);
  const physicianBrowser = await launch();
  const patientBrowser = await launch();
  try {
    const physician = await openPage(physicianBrowser, 820, 1180, false);
    const mario = await openPage(patientBrowser, 390, 844, true);
    await login(physician, 'dott.ferrari');
    await expect(physician).toHaveURL(/\/home$/);
    await login(mario, 'mario.rossi');
    await expect(mario).toHaveURL(/\/home$/);

    // A call "now", as before booked visits existed: requested, accepted, entered from the card.
    await physician.goto('/createVideoConference');
    await physician.getByLabel('Progetto', { exact: true }).selectOption({ label: 'Cuore in Rete' });
    await physician.locator('.conference-patient-list ion-item', { hasText: 'Mario Rossi' }).click();
    await physician.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect(physician).toHaveURL(/\/videoconference$/);
    await mario.goto('/videoconference');
    const card = mario.locator('article.conference-card').first();
    await card.getByRole('button', { name: 'Accetta' }).click();
    await card.getByRole('button', { name: 'Entra', exact: true }).click();
    await expect(mario).toHaveURL(/\/videoconference\/\d+\/call$/);
    const callPath = new URL(mario.url()).pathname;

    await physician.goto(callPath);
    await checkDevicesAndJoin(physician, 'tablet-it-leave');
    await checkDevicesAndJoin(mario, 'phone-it-leave');
    await physician.getByRole('button', { name: 'Ammetti' }).click();
    await expectRemotePlaying(physician);

    // Mario closes the tab without hanging up: the page's beacon tells the server at once.
    await mario.close({ runBeforeUnload: true });
    await expect(physician.getByText("Mario Rossi non è ancora in sala d'attesa")).toBeVisible({
      timeout: 10_000,
    });
    await expect(physician.getByTestId('remote-video')).toHaveCount(0);
  } finally {
    await physicianBrowser.close();
    await patientBrowser.close();
  }
});

test('a patient who is not a party finds no call', async ({ page }) => {
  await login(page, 'giulia.bianchi');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(CALL_PATH);
  await expect(page.getByRole('heading', { name: 'Videoconferenza non disponibile' })).toBeVisible();
});
