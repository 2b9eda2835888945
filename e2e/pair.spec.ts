import { expect, type Page, test } from '@playwright/test';
import { login, smsBodies } from './support';

const SIGNING_PIN = '123456'; // README: the demo signing PIN of every account
const PLAN = 'Riabilitazione del ginocchio destro';

// The physician works on a tablet; Mario reads his plan on his phone (his own context below).
test.use({ viewport: { width: 820, height: 1180 } });

function primary(page: Page, name: string) {
  return page.locator('.wizard-footer ion-button', { hasText: name });
}

/** One exercise of the form: the fields a physician types; the rest keep the form's defaults. */
async function fillExercise(
  page: Page,
  at: number,
  name: string,
  category: string,
  laterality: string,
): Promise<void> {
  const block = page.locator('.pair-form fieldset', { hasText: `Esercizio ${at + 1}` });
  await block.getByLabel('Nome *').fill(name);
  await block.getByLabel('Categoria *').selectOption({ label: category });
  await block.getByLabel('Lateralità *').selectOption({ label: laterality });
  await block.getByLabel('Ausilio').selectOption({ label: 'Elastico' });
  await block.getByRole('button', { name: 'Aggiungi indice' }).click();
  await block.getByLabel('Indice *').selectOption({ label: 'Frequenza cardiaca (bpm)' });
  await block.getByLabel('Minimo *').fill('60');
  await block.getByLabel('Massimo *').fill('120');
  // Supports are Ionic checkboxes with their labels, 44 px tall; each bin says what it removes.
  const chair = block.getByRole('checkbox', { name: 'Sedia' });
  await chair.click();
  await expect(chair).toBeChecked();
  expect(
    (await block.locator('ion-checkbox', { hasText: 'Sedia' }).boundingBox())?.height,
  ).toBeGreaterThanOrEqual(44);
  await expect(
    block.getByRole('button', { name: `Rimuovi l'indice 1 dell'esercizio ${at + 1}` }),
  ).toBeVisible();
}

test('a physician on a tablet writes a PAIR for Mario with two exercises, signs it, and Mario reads it on his phone', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(staff, 'dott.ferrari');
  await expect(staff).toHaveURL(/\/home$/);
  await staff.goto('/patients');
  await staff.getByLabel('Cognome').fill('Rossi');
  await staff.getByLabel('Nome', { exact: true }).fill('Mario');
  const row = staff.locator('ion-item', { hasText: 'Rossi Mario' }).first();
  // The demo's sessions are yellow: the list shows the PRIpri colour beside him.
  await expect(row.getByRole('img', { name: /PRIpri giallo/ })).toBeVisible();
  await row.getByRole('link', { name: 'Rossi Mario' }).click();
  await expect(staff).toHaveURL(/\/patientInfo\/\d+$/);
  const patientId = Number(new URL(staff.url()).pathname.split('/').pop());
  await staff.locator('ion-button', { hasText: 'Piani riabilitativi' }).click();
  await expect(staff).toHaveURL(new RegExp(`/pair/${patientId}$`));
  await expect(staff.getByRole('heading', { name: 'Recupero del cammino Attivo' })).toBeVisible();

  // New plan: the eligibility check first (a confirmation when he is not eligible).
  await staff.getByRole('button', { name: 'Nuovo piano' }).click();
  const dialog = staff.getByRole('alertdialog');
  const outcome = await Promise.race([
    staff.waitForURL(/\/pair\/\d+\/new$/).then(() => 'form' as const),
    dialog.waitFor().then(() => 'ask' as const),
  ]);
  if (outcome === 'ask') await dialog.getByRole('button', { name: 'Crea comunque' }).click();
  await expect(staff).toHaveURL(/\/pair\/\d+\/new$/);

  await staff.getByLabel('Nome del piano *').fill(PLAN);
  // Saving an empty plan says what is missing and keeps what was typed.
  await staff.getByRole('button', { name: 'Salva la bozza' }).click();
  await expect(staff.getByText('Aggiungi almeno un esercizio.')).toBeVisible();
  await expect(staff.getByLabel('Nome del piano *')).toHaveValue(PLAN);
  await staff.getByRole('button', { name: 'Aggiungi esercizio' }).click();
  await fillExercise(staff, 0, 'Flessione del ginocchio', 'Arto inferiore', 'Destro');
  await staff.getByRole('button', { name: 'Aggiungi esercizio' }).click();
  await fillExercise(staff, 1, 'Equilibrio monopodalico', 'Equilibrio', 'Sinistro');
  await staff.getByRole('button', { name: 'Aggiungi soglia' }).click();
  await staff.getByLabel('Indice *').last().selectOption({ label: 'Scala di Berg (0-56)' });
  await staff.getByLabel('Soglia verde *').fill('45');
  await staff.getByLabel('Soglia rossa *').fill('30');
  await expect(staff.locator('.pair-hints')).toContainText('Nessuna osservazione sul piano.');
  await staff.getByRole('button', { name: 'Salva la bozza' }).click();

  await expect(staff).toHaveURL(new RegExp(`/pair/${patientId}$`));
  const draft = staff.locator('article.pair-card', { hasText: `${PLAN} Bozza` });
  await expect(draft).toBeVisible();
  await draft.locator('ion-button', { hasText: 'Firma e attiva' }).click();
  await expect(staff).toHaveURL(/\/pair\/\d+\/sign\/\d+$/);
  await expect(staff.locator('.wizard-step-title')).toHaveText('Leggi il documento');
  await expect(staff.locator('.pdf-page canvas').first()).toBeVisible({ timeout: 30_000 });
  const box = staff.getByLabel('Ho letto il documento');
  await box.scrollIntoViewIfNeeded();
  await expect(box).toBeChecked();
  await primary(staff, 'Ho letto, continua').click();
  const before = (await smsBodies(staff, 'dott.ferrari')).length;
  await staff.getByLabel('PIN').fill(SIGNING_PIN);
  await primary(staff, 'Invia il codice').click();
  await expect.poll(async () => (await smsBodies(staff, 'dott.ferrari')).length).toBeGreaterThan(before);
  const [newest = ''] = await smsBodies(staff, 'dott.ferrari');
  await staff.getByLabel('Codice ricevuto via SMS').fill(newest.match(/\b(\d{6})\b/)?.[1] ?? '');
  await primary(staff, 'Firma').click();
  await expect(staff.getByText('Piano firmato: ora è attivo ed è nel dossier del paziente.')).toBeVisible();
  await primary(staff, 'Fine').click();
  await expect(staff).toHaveURL(new RegExp(`/pair/${patientId}\\?signed=\\d+$`));
  await expect(staff.getByRole('heading', { name: `${PLAN} Attivo` })).toBeVisible({ timeout: 20_000 });
  await expect(staff.getByRole('heading', { name: 'Recupero del cammino Sostituito' })).toBeVisible();

  // Mario, on his phone: his plan, readable, and what changed from the one it replaced.
  const phoneContext = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 390, height: 844 },
  });
  const phone = await phoneContext.newPage();
  // The machine may be busy: give the identity provider's page time before the shared login helper.
  await phone.goto('/');
  await phone.locator('#username').waitFor({ timeout: 30_000 });
  await login(phone, 'mario.rossi');
  await expect(phone).toHaveURL(/\/home$/);
  // "Cosa ti aspetta" announces the changed plan until he opens it.
  const waiting = phone.locator('section.waiting ion-item', {
    hasText: 'Il tuo piano riabilitativo è cambiato',
  });
  await expect(waiting).toContainText(PLAN);
  await waiting.click();
  await expect(phone).toHaveURL(new RegExp(`/pair/${patientId}$`));
  await expect(phone.getByRole('heading', { name: `${PLAN} Attivo` })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Flessione del ginocchio' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Equilibrio monopodalico' })).toBeVisible();
  const changes = phone.locator('.pair-changes');
  await expect(changes).toContainText('Flessione del ginocchio: nuovo esercizio');
  await expect(changes).toContainText('Cammino assistito: esercizio tolto');
  // The thresholds in words, the counts under the plural rules.
  await expect(phone.locator('.pair-thresholds').first()).toContainText(
    'Scala di Berg (da 0 a 56): verde (buono) da 45 in su, giallo tra 30 e 45, rosso sotto 30',
  );
  await expect(phone.getByText('Frequenza cardiaca tra 60 e 120 bpm').first()).toBeVisible();
  // Opened: no longer news on the home; the side menu leads to it as well.
  await phone.goto('/home');
  await expect(phone.getByRole('heading', { name: 'Cosa ti aspetta' })).toBeVisible();
  await expect(phone.locator('section.waiting')).not.toContainText('piano riabilitativo');
  await phone.getByRole('button', { name: 'Apri il menu' }).click();
  await phone.locator('ion-menu ion-item', { hasText: 'Il mio piano riabilitativo' }).click();
  await expect(phone).toHaveURL(new RegExp(`/pair/${patientId}$`));
  await expect(phone.getByRole('heading', { name: `${PLAN} Attivo` })).toBeVisible();
  await phoneContext.close();

  // PRIpri: a new plan has no sessions yet, so it is blue again.
  await staff.locator('ion-button', { hasText: 'Monitoraggio PRIpri' }).click();
  await expect(staff).toHaveURL(new RegExp(`/pripri/${patientId}$`));
  await expect(staff.locator('.pripri-summary')).toContainText('PRIpri blu');
  await staff
    .locator('form', { hasText: 'Registra una sessione' })
    .getByLabel('Scala di Berg (0-56)', { exact: true })
    .fill('50');
  await staff.getByRole('button', { name: 'Registra la sessione' }).click();
  await expect(staff.locator('.pripri-summary')).toContainText('PRIpri verde');
});
