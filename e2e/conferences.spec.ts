import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-conferences';
const TABLET = { width: 820, height: 1180 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400); // sheets and toasts finish their animation
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * No request waits for an answer on this screen, once its list is drawn (the demo's accepted call, or
 * the one an earlier spec ended, may be listed too).
 */
async function expectNothingPending(page: Page): Promise<void> {
  await expect(
    page.locator('article.conference-card').or(page.getByText('Nessuna videoconferenza attiva')).first(),
  ).toBeVisible();
  await expect(page.locator('article.conference-card', { hasText: 'In attesa di risposta' })).toHaveCount(0);
}

async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: entry }).click();
}

/**
 * Mario's conferences by address: his page runs a controlled clock, under which the side menu can stay open
 * over the list on a busy machine (seen in CI), hiding the card's buttons.
 */
async function openConferences(page: Page): Promise<void> {
  await page.goto('/videoconference');
  await expect(page.getByRole('heading', { level: 1, name: 'Videoconferenze' })).toBeVisible();
}

/** The physician picks Mario (online, so first in the list) and sends the request. */
async function requestWithMario(staff: Page, screenshot?: string): Promise<void> {
  await staff.getByRole('link', { name: 'Richiedi una videoconferenza' }).click();
  await expect(staff).toHaveURL(/\/createVideoConference$/);
  await staff.getByLabel('Progetto', { exact: true }).selectOption({ label: 'Cuore in Rete' });
  const first = staff.locator('.conference-patient-list ion-item').first();
  await expect(first).toContainText('Mario Rossi');
  await expect(first.getByRole('img', { name: 'Online' })).toBeVisible();
  if (screenshot) await shot(staff, screenshot);
  await first.click();
  await staff.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(staff).toHaveURL(/\/videoconference$/);
}

test('a physician requests a call, the patient rejects one with a reason and accepts another', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Videoconferenze');
  await expect(page).toHaveURL(/\/videoconference$/);
  await expectNothingPending(page);
  await shot(page, 'phone-it-patient-empty');

  const staffContext = await browser.newContext({ ...test.info().project.use, viewport: TABLET });
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await openFromMenu(staff, 'Videoconferenze');
  await expect(staff).toHaveURL(/\/videoconference$/);
  await requestWithMario(staff, 'tablet-it-create');
  const staffCard = staff.locator('article.conference-card', { hasText: 'Mario Rossi' }).first();
  await expect(staffCard).toContainText('In attesa di risposta');
  await shot(staff, 'tablet-it-requested');

  // The patient sees the request without reloading, with the count on the menu entry.
  const card = page.locator('article.conference-card', { hasText: 'Ferrari' }).first();
  await expect(card).toContainText('In attesa di risposta');
  await shot(page, 'phone-it-invited');
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await expect(
    page.locator('ion-menu ion-item', { hasText: 'Videoconferenze' }).locator('.conferences-badge'),
  ).toHaveText('1');
  await page.locator('ion-menu ion-item', { hasText: 'Videoconferenze' }).click();

  // A rejection without a reason is refused with the catalogue's words; with one it goes.
  await card.getByRole('button', { name: 'Rifiuta' }).click();
  const sheet = page.locator('ion-modal', { hasText: 'Rifiuta la videoconferenza' });
  await sheet.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(sheet.getByRole('alert')).toContainText('Il motivo del rifiuto è obbligatorio');
  await shot(page, 'phone-it-reject-refused');
  const reason = 'Oggi sono al lavoro, possiamo sentirci domani mattina?';
  await sheet.getByLabel('Motivo del rifiuto *').fill(reason);
  await sheet.getByRole('button', { name: 'Conferma il rifiuto' }).click();
  await expect(sheet).toBeHidden();
  await expectNothingPending(page);
  await page.locator('ion-segment-button', { hasText: 'Passate' }).click();
  await expect(page.locator('article.conference-card').first()).toContainText(reason);
  await shot(page, 'phone-it-past');
  await page.locator('ion-segment-button', { hasText: 'Attive' }).click();

  // The physician sees the rejection live, then asks again; this time the patient accepts.
  await expectNothingPending(staff);
  await requestWithMario(staff);
  await expect(card).toContainText('In attesa di risposta');
  await card.getByRole('button', { name: 'Accetta' }).click();
  await expect(card).toContainText('Accettata');
  await expect(card.getByRole('button', { name: 'Entra', exact: true })).toBeVisible();
  await shot(page, 'phone-it-accepted');
  await expect(staffCard).toContainText('Accettata');
  await expect(staffCard.getByRole('button', { name: 'Entra', exact: true })).toBeVisible();
  await shot(staff, 'tablet-it-accepted');

  // The same screens in English, for the screenshots.
  for (const [who, name] of [
    [page, 'phone'],
    [staff, 'tablet'],
  ] as const) {
    await who.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
    await who.reload();
    // New strings are translated by the integrator's extraction; the screen itself must come back whole.
    await expect(who.locator('article.conference-card').first()).toBeVisible();
    await shot(who, `${name}-en-accepted`);
  }
  await staff.goto('/createVideoConference');
  await expect(staff.locator('.conference-patient-list ion-item').first()).toContainText('Mario Rossi');
  await shot(staff, 'tablet-en-create');
  await staffContext.close();
});

const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });
const romeTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const MINUTE = 60_000;

test('a physician books a visit for later; the join opens 10 minutes before its start', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Mario's phone runs a controllable clock (it flows as usual until moved forward).
  await page.clock.install();
  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  // A first try that stopped before Mario answered leaves its booking pending, and a physician has one
  // request at a time per patient: he declines it, so a retry books afresh.
  await openConferences(page);
  await expect(page.locator('article.conference-card').first()).toBeVisible();
  const leftover = page
    .locator('article.conference-card', { hasText: 'Videovisita programmata' })
    .filter({ has: page.getByRole('button', { name: 'Rifiuta' }) });
  while ((await leftover.count()) > 0) {
    await leftover.first().getByRole('button', { name: 'Rifiuta' }).click();
    const sheet = page.locator('ion-modal', { hasText: 'Rifiuta la videoconferenza' });
    await sheet.getByLabel('Motivo del rifiuto *').fill('La prenotiamo di nuovo.');
    await sheet.getByRole('button', { name: 'Conferma il rifiuto' }).click();
    await expect(sheet).toBeHidden();
  }
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);

  const staffContext = await browser.newContext({ ...test.info().project.use, viewport: TABLET });
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await staff.goto('/createVideoConference');
  await staff.locator('ion-segment-button', { hasText: 'Prenota' }).click();
  const date = staff.getByLabel('Data', { exact: true });
  const time = staff.getByLabel('Orario', { exact: true });
  await expect(date).toHaveValue(romeDate.format(new Date(Date.now() + 24 * 60 * MINUTE)));
  await shot(staff, 'tablet-it-book-form');

  // A time already gone is refused at its field, before anything is sent.
  const past = new Date(Date.now() - 2 * MINUTE);
  await date.fill(romeDate.format(past));
  await time.fill(romeTime.format(past));
  await staff.getByLabel('Progetto', { exact: true }).selectOption({ label: 'Cuore in Rete' });
  await staff.locator('.conference-patient-list ion-item', { hasText: 'Mario Rossi' }).click();
  await expect(staff.locator('.conference-when-fields .field-error')).toContainText(
    /L'ora è già passata|Scegli una data da oggi/,
  );
  await shot(staff, 'tablet-it-book-refused');

  // The start is a whole minute 10 minutes after the next one, which is 35 to 55 s away: the join opens
  // then. The phone's clock may run at most a minute ahead of the server (its DPoP proofs are dated).
  while (new Date().getSeconds() < 5 || new Date().getSeconds() > 25) await staff.waitForTimeout(1000);
  const opensAt = Math.ceil(Date.now() / MINUTE) * MINUTE;
  const start = new Date(opensAt + 10 * MINUTE);
  const hhmm = romeTime.format(start);
  await date.fill(romeDate.format(start));
  await time.fill(hhmm);
  await staff.locator('.conference-patient-list ion-item', { hasText: 'Mario Rossi' }).click();
  await staff.getByRole('button', { name: 'Prenota la visita' }).click();
  await expect(staff).toHaveURL(/\/videoconference$/);
  const staffCard = staff.locator('article.conference-card', { hasText: 'Videovisita programmata' }).first();
  await expect(staffCard).toContainText(`alle ${hhmm}`);
  await expect(staffCard).toContainText('In attesa di risposta');

  await openConferences(page);
  const card = page.locator('article.conference-card', { hasText: 'Videovisita programmata' }).first();
  await expect(card).toContainText(`alle ${hhmm}`);
  await card.getByRole('button', { name: 'Accetta' }).click();
  await expect(card).toContainText('Accettata');
  const join = card.getByRole('button', { name: 'Entra', exact: true });
  await expect(join).toBeVisible();
  await expect(join).toBeDisabled();
  // Near midnight the start falls on the next day, and the card names that day too.
  await expect(card).toContainText(
    new RegExp(
      `La visita inizia (il \\d{2}/\\d{2}/\\d{4} )?alle ${hhmm} — potrai entrare da 10 minuti prima`,
    ),
  );
  await expect(card.getByRole('button', { name: 'Aggiungi al calendario' })).toBeVisible();
  await shot(page, 'phone-it-visit-waiting');

  // The physician's card shows the time and the same wait.
  await expect(staffCard).toContainText('Accettata');
  await expect(staffCard.getByRole('button', { name: 'Entra', exact: true })).toBeDisabled();
  await shot(staff, 'tablet-it-visit-waiting');

  // The calendar file: the visit's time, no names.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Aggiungi al calendario' }).click();
  const file = await (await download).path();
  const ics = readFileSync(file, 'utf8');
  expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
  expect(ics).not.toContain('Rossi');
  expect(ics).not.toContain('Ferrari');

  // Just before the opening the button still waits; at 10 minutes before, it opens without a reload.
  const opensIn = opensAt - (await page.evaluate(() => Date.now()));
  await page.clock.fastForward(Math.max(opensIn - 3_000, 0));
  await expect(join).toBeDisabled();
  await page.clock.fastForward(4_000);
  await expect(join).toBeEnabled();
  await expect(card).not.toContainText('potrai entrare da 10 minuti prima');
  await shot(page, 'phone-it-visit-open');
  // Only the phone's clock moved: the server, on the real time, still refuses to let him in.
  if (Date.now() < opensAt - 3_000) {
    await join.click();
    await expect(page.getByText('La visita non è ancora aperta')).toBeVisible();
    await expect(page).toHaveURL(/\/videoconference$/);
  }

  // The screens in English, and the booking form on a phone, for the screenshots.
  for (const [who, name] of [
    [page, 'phone'],
    [staff, 'tablet'],
  ] as const) {
    await who.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
    await who.reload();
    await expect(
      who.locator('article.conference-card', { hasText: 'Video visit booked' }).first(),
    ).toBeVisible();
    await shot(who, `${name}-en-visit`);
  }
  await staff.goto('/createVideoConference');
  await staff.locator('ion-segment-button', { hasText: 'Book' }).click();
  await expect(staff.getByLabel('Time', { exact: true })).toBeVisible();
  await shot(staff, 'tablet-en-book-form');
  await staff.setViewportSize({ width: 390, height: 844 });
  await shot(staff, 'phone-en-book-form');
  await staff.evaluate(() => localStorage.setItem('language', JSON.stringify('it')));
  await staff.reload();
  await staff.locator('ion-segment-button', { hasText: 'Prenota' }).click();
  await shot(staff, 'phone-it-book-form');
  await staffContext.close();
});
