import { expect, type Page, test } from '@playwright/test';
import { login, smsBodies } from './support';

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
  await expect(page.locator('.pdf-page canvas').first()).toBeVisible();
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
  await expect(staff).toHaveURL(/\/home$/);
  await staff.goto('/patients');
  await staff.getByLabel('Cognome').fill('Rossi');
  await staff.getByLabel('Nome', { exact: true }).fill('Mario');
  await staff.getByRole('link', { name: 'Rossi Mario' }).first().click();
  await expect(staff).toHaveURL(/\/patientInfo\/\d+$/);
  await staff.locator('ion-button', { hasText: 'Progetti' }).click();
  await expect(staff).toHaveURL(/\/projectInviteRemove\/\d+$/);

  // The demo invites Mario to Diabete Insieme: the physician withdraws it (confirmed), then invites him.
  const card = staff.locator('article.project-card', { hasText: PROJECT });
  await expect(card.locator('.project-chip')).toHaveText('Invitato');
  await card.getByRole('button', { name: `Ritira l'invito al progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Annulla' }).click();
  // The cancelled dialog is gone before the next one opens (two would match the button below).
  await expect(staff.getByRole('alertdialog')).toHaveCount(0);
  await expect(card.locator('.project-chip')).toHaveText('Invitato');
  await card.getByRole('button', { name: `Ritira l'invito al progetto ${PROJECT}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: "Ritira l'invito", exact: true }).click();
  await expect(card.locator('.project-chip')).toHaveText('Non partecipa');
  await card.getByRole('button', { name: `Invita al progetto ${PROJECT}` }).click();
  await expect(card.locator('.project-chip')).toHaveText('Invitato');
  // A closed study takes nobody new.
  const covid = staff.locator('article.project-card', { hasText: 'Follow-up post COVID-19' });
  await expect(covid.getByRole('button', { name: /Invita/ })).toHaveCount(0);

  await card.getByRole('link', { name: `Dettagli del progetto ${PROJECT}` }).click();
  await expect(staff).toHaveURL(/\/projectDetails\/\d+$/);
  await expect(staff.getByText('Invitati in attesa')).toBeVisible();

  // Mario, on his phone, finds the invitation on the Consents tab and accepts by signing.
  const phone = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 390, height: 844 },
  });
  const mario = await phone.newPage();
  await login(mario, 'mario.rossi');
  await expect(mario).toHaveURL(/\/home$/);
  await mario.locator('ion-tab-button', { hasText: 'Consensi' }).click();
  await expect(mario).toHaveURL(/\/consents\/\d+$/);
  const invitation = mario.locator('article.invitation-card', { hasText: PROJECT });
  await expect(invitation).toContainText(`Sei stato invitato al progetto ${PROJECT}`);
  await invitation.getByRole('link', { name: `Dettagli del progetto ${PROJECT}` }).click();
  await expect(mario).toHaveURL(/\/projectDetails\/\d+$/);
  await expect(mario.getByText('Medici del progetto')).toBeVisible();
  await mario.goBack();
  await invitation.getByRole('button', { name: 'Accetta e firma' }).click();
  await expect(mario).toHaveURL(/\/sign-new-consents\?.*projectId=/);
  // The project's form: the notice read, the glucose device chosen.
  await mario.getByLabel("Dichiaro di aver letto l'informativa del progetto").check();
  await mario.getByLabel('Glucometro').check();
  await primary(mario, 'Continua').click();
  await readAndSign(mario, 'mario.rossi');
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
  await expect(card.locator('.project-chip')).toHaveText('Invitato');
});
