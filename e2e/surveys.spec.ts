import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/surveys-shots';
const TABLET = { width: 820, height: 1180 };
const TITLE = 'Febbre dopo la vaccinazione';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400); // sheets and toasts finish their animation
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Apri il menu' }).click();
  await page.locator('ion-menu ion-item', { hasText: entry }).click();
}

/**
 * The session ends as it does when the refresh token is refused: the access token is past its time
 * and the identity provider answers the renewal with invalid_grant, so the next call shows 'Sessione di
 * lavoro scaduta' and logs out (drafts kept).
 */
async function expireSession(page: Page): Promise<void> {
  await page.route('**/idp/token', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalid_grant"}' }),
  );
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { expires_at?: number };
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(key, JSON.stringify(user));
    }
  });
}

/** dott.ferrari builds a three-question template: a yes/no, a scale shown only after "Sì", a free text. */
async function buildTemplate(staff: Page): Promise<void> {
  await openFromMenu(staff, 'Questionari');
  await expect(staff).toHaveURL(/\/surveys$/);
  await staff.getByRole('link', { name: 'Modelli' }).click();
  await staff.getByRole('link', { name: 'Nuovo modello' }).click();
  await expect(staff).toHaveURL(/\/createSurveyTemplate$/);
  await staff.getByLabel('Titolo *').fill(TITLE);
  const questions = staff.locator('fieldset.survey-question-editor');
  const first = questions.nth(0);
  await first.getByLabel('Testo della domanda *').fill('Hai avuto la febbre?');
  await first.getByRole('textbox', { name: 'Opzione 1' }).fill('Sì');
  await first.getByRole('textbox', { name: 'Opzione 2' }).fill('No');
  await staff.getByRole('button', { name: 'Aggiungi una domanda' }).click();
  const second = questions.nth(1);
  await second.getByLabel('Testo della domanda *').fill('Quanto ti sei sentito male, da 0 a 10?');
  await second.getByLabel('Tipo di risposta').selectOption('scale');
  await second.getByLabel('Mostra solo in base a una risposta precedente').check();
  await expect(second.getByLabel('Mostra se la domanda')).toHaveValue('q1');
  await expect(second.getByLabel('Valore')).toHaveValue('o1');
  await staff.getByRole('button', { name: 'Aggiungi una domanda' }).click();
  const third = questions.nth(2);
  await third.getByLabel('Testo della domanda *').fill('Vuoi aggiungere qualcosa?');
  await third.getByLabel('Tipo di risposta').selectOption('text');
  await third.getByLabel('Risposta obbligatoria').uncheck();
  await shot(staff, 'tablet-template-editor');
  await staff.getByRole('button', { name: 'Salva il modello' }).click();
  await expect(staff).toHaveURL(/\/surveyTemplateList$/);
}

async function assignToMario(staff: Page): Promise<void> {
  const card = staff.locator('article.survey-template:visible', { hasText: TITLE });
  await card.getByRole('link', { name: 'Assegna' }).click();
  await expect(staff).toHaveURL(/\/createSurveyCard\?template=\d+$/);
  await staff.getByLabel('Rossi Mario').check();
  await shot(staff, 'tablet-assign');
  await staff.locator('.survey-actions').getByRole('button', { name: 'Assegna' }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Assegna' }).click();
  await expect(staff).toHaveURL(/\/surveyCardList$/);
  await expect(staff.locator('.survey-card-row:visible', { hasText: TITLE })).toBeVisible();
}

test('a physician builds a conditional survey, Mario fills half, the session expires, he finishes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const staffContext = await browser.newContext({ ...test.info().project.use, viewport: TABLET });
  const staff = await staffContext.newPage();
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await buildTemplate(staff);
  await assignToMario(staff);

  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Questionari');
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.locator('ion-item:visible', { hasText: TITLE })).toBeVisible();
  await shot(page, 'phone-list');
  await page.locator('ion-item:visible', { hasText: TITLE }).click();
  await expect(page.getByText('Domanda 1 di 2')).toBeVisible();
  await page.getByLabel('Sì').check();
  // The scale depends on "Sì": the survey now has three questions.
  await expect(page.getByText('Domanda 1 di 3')).toBeVisible();
  await shot(page, 'phone-question-1');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Domanda 2 di 3')).toBeVisible();
  await expect(page.getByText('Quanto ti sei sentito male, da 0 a 10?')).toBeVisible();

  await expireSession(page);
  await page.getByRole('button', { name: 'Salva e continua dopo' }).click();
  await expect(page.getByText('Sessione di lavoro scaduta')).toBeVisible();
  await expect(page.locator('#username')).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/idp/token');
  // The logout's redirects settle before the next login starts its own.
  await page.waitForLoadState('networkidle');

  await login(page, 'mario.rossi');
  await expect(page).toHaveURL(/\/home$/);
  await openFromMenu(page, 'Questionari');
  const row = page.locator('ion-item:visible', { hasText: TITLE });
  await expect(row).toContainText('Iniziato');
  await row.click();
  // Where he stopped, with his first answer kept.
  await expect(page.getByText('Domanda 2 di 3')).toBeVisible();
  await page.getByRole('slider').fill('7');
  await shot(page, 'phone-scale');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Vuoi aggiungere qualcosa?').fill('Passata dopo due giorni');
  await page.getByRole('button', { name: 'Invia', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('Questionario inviato. Grazie!')).toBeVisible();
  await expect(page.locator('ion-item:visible', { hasText: TITLE })).toContainText('Inviato');
  await page.locator('ion-item:visible', { hasText: TITLE }).click();
  await expect(page.getByText('Passata dopo due giorni')).toBeVisible();
  await shot(page, 'phone-sent');

  await staff.goto('/surveys');
  await staff.locator('ion-item:visible', { hasText: TITLE }).click();
  await expect(staff.getByText('risposte 1 su 1', { exact: false })).toBeVisible();
  const scale = staff.locator('section.survey-summary', { hasText: 'Quanto ti sei sentito male' });
  await expect(scale).toContainText('Media 7');
  await shot(staff, 'tablet-summary');
  await staff.locator('ion-segment-button', { hasText: 'Per paziente' }).click();
  const mario = staff.locator('section.survey-response', { hasText: 'Mario Rossi' });
  await expect(mario).toContainText('Sì');
  await expect(mario).toContainText('7');
  await expect(mario).toContainText('Passata dopo due giorni');
  await shot(staff, 'tablet-answers');
  await staffContext.close();
});
