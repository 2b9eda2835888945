import { expect, type Page, test } from '@playwright/test';
import { login, openMarioProjects, smsBodies } from './support';

const SIGNING_PIN = '123456'; // README: the demo signing PIN of every account
const PROJECT = 'Diabete Insieme';

// The physician works on a tablet; Mario answers on his phone (his own context below).
test.use({ viewport: { width: 820, height: 1180 } });

function primary(page: Page, name: string) {
  return page.locator('.wizard-footer ion-button', { hasText: name });
}

/** The read step, PIN, the SMS code from the demo outbox, signature (as e2e/consents does). */
async function readAndSign(page: Page, username: string): Promise<void> {
  await expect(page.locator('.wizard-step-title')).toHaveText('Leggi il documento');
  await expect(page.locator('.pdf-page canvas').first()).toBeVisible({ timeout: 30_000 });
  const box = page.getByLabel('Ho letto il documento');
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeChecked();
  await primary(page, 'Ho letto, continua').click();
  await expect(page.locator('.wizard-step-title')).toHaveText('PIN di firma');
  const before = (await smsBodies(page, username)).length;
  await page.getByLabel('PIN').fill(SIGNING_PIN);
  await primary(page, 'Invia il codice').click();
  await expect.poll(async () => (await smsBodies(page, username)).length).toBeGreaterThan(before);
  const [newest = ''] = await smsBodies(page, username);
  await page.getByLabel('Codice ricevuto via SMS').fill(newest.match(/\b(\d{6})\b/)?.[1] ?? '');
  await primary(page, 'Firma').click();
  await expect(page.locator('.wizard-step-title')).toHaveText('Firma completata');
}

/** The patient list filtered to one participation state of the project. */
async function filterList(staff: Page, participation: string): Promise<void> {
  await staff.goto('/patients');
  await staff.getByLabel('Cognome').fill('Rossi');
  await staff.getByLabel('Progetto').selectOption({ label: PROJECT });
  await staff.getByLabel('Partecipazione').selectOption({ label: participation });
}

test('a physician invites Mario to a project, Mario accepts by signing on his phone, and is a participant', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/, { timeout: 30_000 });
  await openMarioProjects(staff);

  // The demo invites Mario to Diabete Insieme: the physician withdraws it (confirmed), then invites him.
  const card = staff.locator('article.project-card', { hasText: PROJECT });
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  await card.getByRole('button', { name: `Ritira l'invito al progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Annulla' }).click();
  // The cancelled dialog is gone before the next one opens (two would match the button below).
  await expect(staff.getByRole('alertdialog')).toHaveCount(0);
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  await card.getByRole('button', { name: `Ritira l'invito al progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: "Ritira l'invito", exact: true }).click();
  await expect(card.locator('.project-chip')).toHaveText('Non partecipa');
  await card.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  // A closed study takes nobody new.
  const covid = staff.locator('article.project-card', { hasText: 'Follow-up post COVID-19' });
  await expect(covid.getByRole('button', { name: /Invita/ })).toHaveCount(0);

  await card.getByRole('link', { name: `Dettagli del progetto ${PROJECT}` }).click();
  await expect(staff).toHaveURL(/\/projectDetails\/\d+$/);
  await expect(staff.getByText('Invitati in attesa')).toBeVisible();
  // The staff see who: each patient with their state, filterable.
  const people = staff.getByRole('region', { name: 'Partecipanti e invitati' });
  await expect(people.locator('.participant-row', { hasText: 'Rossi Mario' })).toContainText(
    'Invito in attesa',
  );
  await people.getByRole('button', { name: 'Partecipanti', exact: true }).click();
  await expect(people.locator('.participant-row', { hasText: 'Rossi Mario' })).toHaveCount(0);
  await people.getByRole('button', { name: 'Invitati', exact: true }).click();
  await expect(people.locator('.participant-row', { hasText: 'Rossi Mario' })).toBeVisible();

  // Mario, on his phone, finds the invitation on the Consents tab and accepts by signing.
  const phone = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 390, height: 844 },
  });
  const mario = await phone.newPage();
  await login(mario, 'mario.rossi');
  await expect(mario).toHaveURL(/\/home$/, { timeout: 30_000 });
  await mario.locator('ion-tab-button', { hasText: 'Consensi' }).click();
  await expect(mario).toHaveURL(/\/consents\/\d+$/);
  const invitation = mario.locator('article.invitation-card', { hasText: PROJECT });
  await expect(invitation).toContainText(`Invito al progetto ${PROJECT}`);
  await expect(invitation.locator('.invitation-from')).toHaveText(
    /^Invito da Dott\.ssa Anna Ferrari, \d{2}\/\d{2}\/\d{4}$/,
  );
  await invitation.getByRole('link', { name: `Dettagli del progetto ${PROJECT}` }).click();
  await expect(mario).toHaveURL(/\/projectDetails\/\d+$/);
  await expect(mario.getByText('Medici del progetto')).toBeVisible();
  await mario.goBack();
  await invitation.getByRole('button', { name: 'Accetta e firma' }).click();
  await expect(mario).toHaveURL(/\/sign-new-consents\?.*projectId=/);
  // The project's form: the notice shown first, then its tick, the glucose device chosen.
  const notice = mario.getByRole('region', { name: 'Informativa' });
  await expect(notice).toContainText('condivide il piano di cura');
  const tick = mario.getByLabel("Dichiaro di aver letto l'informativa del progetto");
  const [noticeBox, tickBox] = [await notice.boundingBox(), await tick.boundingBox()];
  expect(noticeBox && tickBox && noticeBox.y + noticeBox.height <= tickBox.y).toBe(true);
  await tick.check();
  await mario.getByLabel('Glucometro').check();
  await primary(mario, 'Continua').click();
  await readAndSign(mario, 'mario.rossi');
  await expect(mario.getByText(`Hai aderito al progetto ${PROJECT}.`, { exact: false })).toBeVisible();
  await primary(mario, 'Fine').click();
  await expect(mario).toHaveURL(/\/consents\/\d+$/);
  await expect(mario.locator('article.invitation-card', { hasText: PROJECT })).toHaveCount(0);
  await expect(mario.locator('.consent-card', { hasText: PROJECT }).locator('.consent-chip')).toHaveText(
    'Dato',
  );
  await phone.close();

  // The physician finds him among the participants, no longer among the invited.
  await filterList(staff, 'Partecipanti');
  await expect(staff.locator('ion-item', { hasText: 'Rossi Mario' }).first()).toBeVisible();
  await filterList(staff, 'Invitati');
  await expect(staff.getByText('Nessun paziente da mostrare')).toBeVisible();

  // The demo data is shared with the other journeys: Mario goes back to being invited only.
  await staff.goBack();
  await staff.goto('/patients');
  await staff.getByLabel('Nome', { exact: true }).fill('Mario');
  await staff.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await staff.locator('ion-button', { hasText: 'Progetti' }).click();
  await expect(card.locator('.project-chip')).toHaveText('Partecipa');
  await card.getByRole('button', { name: `Rimuovi dal progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Rimuovi', exact: true }).click();
  await expect(card.locator('.project-chip')).toHaveText('Non partecipa');
  await card.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
});

test('the physician ends Mario’s participation: his card says who ended it and when, offers no consent, and he is told', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(180_000);
  const CUORE = 'Cuore in Rete';
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/, { timeout: 30_000 });
  await openMarioProjects(staff);
  const card = staff.locator('article.project-card', { hasText: CUORE });
  await expect(card.locator('.project-chip')).toHaveText('Partecipa');
  await card.getByRole('button', { name: `Rimuovi dal progetto ${CUORE}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Rimuovi', exact: true }).click();
  await expect(staff.locator('ion-toast')).toContainText(
    `Mario Rossi non partecipa più al progetto ${CUORE}`,
  );
  await expect(card.locator('.project-chip')).toHaveText('Non partecipa');

  // Mario, on his phone: told on the home, and the card says the project ended it, with nothing to sign.
  const phone = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 390, height: 844 },
  });
  const mario = await phone.newPage();
  await login(mario, 'mario.rossi');
  await expect(mario).toHaveURL(/\/home$/, { timeout: 30_000 });
  const told = mario.locator('.waiting-line', { hasText: CUORE });
  await expect(told).toContainText(/Il progetto ha terminato la tua partecipazione il \d{2}\/\d{2}\/\d{4}/, {
    timeout: 20_000,
  });
  await told.click();
  await expect(mario).toHaveURL(/\/consents\/\d+$/);
  const ended = mario.locator('.consent-card', { hasText: CUORE });
  await expect(ended.locator('.consent-chip').first()).toHaveText('Terminata dal progetto');
  await expect(ended).toContainText(
    /Partecipazione terminata dal progetto: Dott\.ssa Anna Ferrari, \d{2}\/\d{2}\/\d{4}/,
  );
  await expect(ended).toContainText('Per partecipare di nuovo serve un nuovo invito del progetto.');
  await expect(ended.getByRole('button')).toHaveCount(0);
  await expect(ended).not.toContainText('Revocato');

  // Only a new invitation lets him back: he signs it, and the demo is as it was for the other journeys.
  await card.getByRole('button', { name: `Invita al progetto ${CUORE}` }).click();
  await expect(card.locator('.project-chip')).toHaveText('Invito in attesa');
  const invitation = mario.locator('article.invitation-card', { hasText: CUORE });
  await expect(invitation.locator('.invitation-from')).toHaveText(/^Invito da Dott\.ssa Anna Ferrari, /);
  await invitation.getByRole('button', { name: 'Accetta e firma' }).click();
  await mario.getByLabel("Dichiaro di aver letto l'informativa del progetto").check();
  await mario.getByLabel(/telemonitoraggio/i).check();
  await primary(mario, 'Continua').click();
  await readAndSign(mario, 'mario.rossi');
  await primary(mario, 'Fine').click();
  await expect(
    mario.locator('.consent-card', { hasText: CUORE }).locator('.consent-chip').first(),
  ).toHaveText('Dato');
  await phone.close();
  await staff.reload();
  await expect(card.locator('.project-chip')).toHaveText('Partecipa');
});
